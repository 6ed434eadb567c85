import { Store } from 'lucide-react';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useDeleteFlow, useFlows, type Flow } from '#web/api/flows';
import { FlowForm } from '#web/components/flows/FlowForm';
import { FlowList, type FlowEditor } from '#web/components/flows/FlowList';
import { ErrorAlert, SuccessAlert } from '#web/components/ui/Alert';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog';
import { EmptyState } from '#web/components/ui/EmptyState';
import { QueryState } from '#web/components/ui/QueryState';
import { messages } from '#web/i18n';
import { toastInAdmin } from '#web/lib/admin-door';
import { isNoStore } from '#web/lib/api';
import { usePageHeader } from '#web/lib/page-header';
import { useTransientMessage } from '#web/lib/use-transient-message';

const t = messages.flow;

/** Flow notices ('Flux enregistré avec succès!', 'Flux supprimé') disappear after 3 s (docs/product/limits.md). */
export const flowNoticeDurationMs = 3_000;

/**
 * /app/flow: the active store's flows, each shown as a card with Edit and Delete; Add and Edit open
 * an inline form. Saving and deleting refetch the list and show a notice for 3 s.
 */
export default function FlowScreen() {
  usePageHeader(t.title, t.subtitle);
  const uid = useId();
  const [editor, setEditor] = useState<FlowEditor | null>(null);
  const [deleting, setDeleting] = useState<Flow | null>(null);
  const notice = useTransientMessage(flowNoticeDurationMs);
  const noticeRef = useRef<HTMLDivElement>(null);

  const query = useFlows();
  const remove = useDeleteFlow();

  const addId = `${uid}-add`;
  const editId = useCallback((flowId: string) => `${uid}-edit-${flowId}`, [uid]);

  /** Focuses an element once React has rendered it (the notice region when it is gone). */
  const focusSoon = useCallback((id: string | null) => {
    requestAnimationFrame(() => {
      const target = id ? document.getElementById(id) : null;
      (target ?? noticeRef.current)?.focus();
    });
  }, []);

  const confirmDelete = (flow: Flow) =>
    remove.mutate(flow, {
      onSuccess: () => {
        if (editor?.kind === 'edit' && editor.flow.id === flow.id) setEditor(null);
        notice.show(t.deleted);
      },
      onSettled: () => {
        setDeleting(null);
        focusSoon(null);
      },
    });

  const openEditor = (next: FlowEditor) => {
    notice.clear();
    remove.reset();
    setEditor(next);
  };

  const closeEditor = () => {
    const opener = editor?.kind === 'edit' ? editId(editor.flow.id) : addId;
    setEditor(null);
    focusSoon(opener);
  };

  const onSaved = (flow: Flow) => {
    setEditor(null);
    // Inside the Shopify admin, its toast confirms the save; here, the screen's notice.
    if (!toastInAdmin(t.saved)) notice.show(t.saved);
    focusSoon(editId(flow.id));
  };

  const body: ReactNode = isNoStore(query.error) ? (
    <NoStore />
  ) : (
    <QueryState query={query} loadingLabel={t.loading} errorMessage={t.loadError}>
      {(data) => (
        <FlowList
          addId={addId}
          editId={editId}
          flows={data.flows}
          editor={editor}
          onAdd={() => openEditor({ kind: 'new' })}
          onEdit={(flow) => openEditor({ kind: 'edit', flow })}
          onDelete={(flow) => {
            notice.clear();
            remove.reset();
            setDeleting(flow);
          }}
          form={(current) => (
            <FlowForm
              key={current.kind === 'edit' ? current.flow.id : 'new'}
              storeId={data.store_id}
              flow={current.kind === 'edit' ? current.flow : undefined}
              onCancel={closeEditor}
              onSaved={onSaved}
            />
          )}
        />
      )}
    </QueryState>
  );

  return (
    <div className="space-y-6">
      <div ref={noticeRef} tabIndex={-1} className="outline-none empty:hidden">
        {notice.message && <SuccessAlert>{notice.message}</SuccessAlert>}
        {remove.isError && <ErrorAlert>{remove.error.message}</ErrorAlert>}
      </div>

      {body}

      {deleting && (
        <ConfirmDialog
          title={t.confirm.title}
          confirmLabel={t.confirm.confirm}
          busyLabel={t.confirm.confirming}
          cancelLabel={t.confirm.cancel}
          danger
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          {t.confirm.body(deleting.name)}
        </ConfirmDialog>
      )}
    </div>
  );
}

function NoStore() {
  return (
    <EmptyState icon={Store} heading={t.noStore.heading} action={{ to: '/app/integrations', label: t.noStore.link }}>
      {t.noStore.body}
    </EmptyState>
  );
}
