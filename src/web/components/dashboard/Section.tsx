import type { ReactNode } from 'react';

/** One card of the dashboard, named by its heading for assistive technologies. */
export function DashboardSection({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = `dashboard-${title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\W+/g, '-')
    .toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
