import { messages } from '#web/i18n';

export const mainContentId = 'main-content';

/** First focusable element of every page: jumps to `<main id="main-content">`. `label` for a page in a customer's language. */
export function SkipLink({ label = messages.common.skipToContent }: { label?: string }) {
  return (
    <a
      href={`#${mainContentId}`}
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-800 focus:shadow-lg"
    >
      {label}
    </a>
  );
}
