import { Plus, Workflow } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { Flow } from '#web/api/flows';
import { buttonClass } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/EmptyState';
import { messages } from '#web/i18n';
import { FlowCard } from './FlowCard';

const t = messages.flow;

/** What the flow screen's inline form edits: a new flow, or one of the list's. */
export type FlowEditor = { kind: 'new' } | { kind: 'edit'; flow: Flow };

/** The store's flows as cards, with the add button and the inline form in place of the card it edits. */
export function FlowList({
  addId,
  editId,
  flows,
  editor,
  onAdd,
  onEdit,
  onDelete,
  form,
}: {
  addId: string;
  editId: (flowId: string) => string;
  flows: Flow[];
  editor: FlowEditor | null;
  onAdd: () => void;
  onEdit: (flow: Flow) => void;
  onDelete: (flow: Flow) => void;
  form: (editor: FlowEditor) => ReactNode;
}) {
  const headingId = useId();
  const adding = editor?.kind === 'new';
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t.list.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t.list.description}</p>
        </div>
        {flows.length > 0 && !adding && (
          <button id={addId} type="button" onClick={onAdd} className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            {t.add}
          </button>
        )}
      </div>

      {adding && form(editor)}

      {flows.length === 0 && !adding && <NoFlows addId={addId} onAdd={onAdd} />}

      {flows.length > 0 && (
        <ul aria-label={t.list.label} className="space-y-4">
          {flows.map((flow) => (
            <li key={flow.id}>
              {editor?.kind === 'edit' && editor.flow.id === flow.id ? form(editor) : <FlowCard flow={flow} editButtonId={editId(flow.id)} onEdit={onEdit} onDelete={onDelete} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoFlows({ addId, onAdd }: { addId: string; onAdd: () => void }) {
  return (
    <EmptyState
      icon={Workflow}
      level={3}
      heading={t.empty.heading}
      action={
        <button id={addId} type="button" onClick={onAdd} className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t.add}
        </button>
      }
    >
      {t.empty.body}
    </EmptyState>
  );
}
