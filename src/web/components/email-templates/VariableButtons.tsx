import { Plus } from 'lucide-react';
import { useId } from 'react';
import { messages } from '#web/i18n';
import type { TemplateVariable } from '#web/i18n/fr/email-templates';
import { buttonClass } from '../ui/button';
import { VARIABLES } from './template-form';

const t = messages.emailTemplates.variables;

/**
 * One button per template variable; each inserts `{{ name }}` where the merchant last was. `names`:
 * the buttons' accessible names, when a second group on the page needs its own.
 */
export function VariableButtons({
  target,
  onInsert,
  names = t.insert,
}: {
  target: string;
  onInsert: (variable: TemplateVariable) => void;
  names?: Record<TemplateVariable, string>;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={`${id}-heading`} aria-describedby={`${id}-target`} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p id={`${id}-heading`} className="text-sm font-medium text-slate-800">
        {t.heading}
      </p>
      <p id={`${id}-target`} className="mt-1 text-xs text-slate-600">
        <span>{t.target(target)}</span> <span>{t.syntax}</span>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {VARIABLES.map((variable) => (
          <button key={variable} type="button" aria-label={names[variable]} onClick={() => onInsert(variable)} className={buttonClass('secondary', 'sm')}>
            <Plus aria-hidden="true" className="size-3.5" />
            {t.labels[variable]}
          </button>
        ))}
      </div>
    </div>
  );
}
