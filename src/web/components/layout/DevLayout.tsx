import type { ReactNode } from 'react';
import { messages } from '#web/i18n';
import { useDocumentTitle } from '#web/lib/page-header';
import { Logo } from '../ui/Logo';
import { SkipLink, mainContentId } from '../ui/SkipLink';

/** Wide, plain layout for developer tools (local outbox). */
export function DevLayout({ documentTitle, children }: { documentTitle: string; children: ReactNode }) {
  useDocumentTitle(documentTitle);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo to="/" />
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">{messages.outbox.devBadge}</span>
        </div>
      </header>
      <main id={mainContentId} tabIndex={-1} className="flex-1 px-4 py-8 outline-none sm:px-6 sm:py-10">
        <div className="mx-auto max-w-6xl">{children}</div>
      </main>
    </div>
  );
}
