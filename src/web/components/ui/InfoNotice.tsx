import { Info } from 'lucide-react';

/** A plain information box: e.g. until a form is saved it shows the spec's defaults, said plainly so nobody thinks it is done. */
export function InfoNotice({ heading, body }: { heading: string; body: string }) {
  return (
    <div className="flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p className="font-semibold">{heading}</p>
        <p className="mt-1">{body}</p>
      </div>
    </div>
  );
}
