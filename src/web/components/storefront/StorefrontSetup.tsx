import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useStorefrontPreview } from '#web/api/storefront';
import { messages } from '#web/i18n';
import { buttonClass } from '../ui/button';
import { QueryState } from '../ui/QueryState';

const t = messages.storefront;

/** A white card named by its heading. */
function Card({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The block's preview: the server's rendering of the extension's Liquid, in a frame without script. */
export function BlockPreview() {
  const preview = useStorefrontPreview();
  return (
    <Card id="storefront-preview" heading={t.preview.heading}>
      <p className="mt-1 text-sm text-slate-600">{t.preview.body}</p>
      {/* The frame's box is fixed: nothing below moves when the preview arrives. */}
      <div className="mt-4 h-[28rem] overflow-hidden rounded-xl border border-slate-200">
        <QueryState query={preview} loadingLabel={t.preview.loading} errorMessage={t.preview.loadError} className="h-full">
          {(html) => <iframe sandbox="" srcDoc={html} title={t.preview.frameTitle} className="block size-full border-0 bg-white" />}
        </QueryState>
      </div>
    </Card>
  );
}

/** How to add the block: the steps and the theme editor's deep links (a new tab on the shop's admin). */
export function InstallSteps({ shopDomain, blockUrl, embedUrl }: { shopDomain: string; blockUrl: string; embedUrl: string }) {
  return (
    <Card id="storefront-install" heading={t.install.heading}>
      <p className="mt-1 text-sm text-slate-600">{t.install.shop(shopDomain)}</p>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        {t.install.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={blockUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          {t.install.openEditor} <span className="sr-only">{t.install.newTab}</span>
        </a>
        <a href={embedUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          {t.install.openEmbed} <span className="sr-only">{t.install.newTab}</span>
        </a>
      </div>
    </Card>
  );
}
