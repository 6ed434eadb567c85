import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { messages } from '../i18n';

/** What an /app screen shows in the layout header: breadcrumb title and optional subtitle. */
export interface PageHeaderState {
  title: string;
  subtitle?: string;
}

type SetPageHeader = (header: PageHeaderState | null | ((previous: PageHeaderState | null) => PageHeaderState | null)) => void;

const SetPageHeaderContext = createContext<SetPageHeader | null>(null);
const PageHeaderContext = createContext<PageHeaderState | null>(null);

/**
 * The header of a page the server draws (decision 039). A screen sets its header in an effect, which
 * a server never runs, and the layout's header comes before the screen. So a drawn screen declares
 * its header beside its component (lib/drawing.ts), the server draws the layout with it, and the
 * browser hydrates with the same one (main.tsx).
 */
export interface PageHeaderSeed {
  header: PageHeaderState | null;
}

const PageHeaderSeedContext = createContext<PageHeaderSeed | null>(null);
export const PageHeaderSeedProvider = PageHeaderSeedContext.Provider;

/** Holds the current screen's header; rendered by the app layout around its content. */
export function PageHeaderProvider({ children }: { children: ReactNode }) {
  const seed = useContext(PageHeaderSeedContext);
  const [header, setHeader] = useState<PageHeaderState | null>(() => seed?.header ?? null);
  return (
    <SetPageHeaderContext.Provider value={setHeader}>
      <PageHeaderContext.Provider value={header}>{children}</PageHeaderContext.Provider>
    </SetPageHeaderContext.Provider>
  );
}

/** The header set by the screen currently shown (read by the layout). */
export function useCurrentPageHeader(): PageHeaderState | null {
  return useContext(PageHeaderContext);
}

/** Sets the browser tab title ("{title} · Avis Clients"). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = messages.common.documentTitle(title);
  }, [title]);
}

/**
 * Call once at the top of every /app screen: sets the layout header (breadcrumb
 * "Vue d'ensemble > {title}" and subtitle) and the document title.
 */
export function usePageHeader(title: string, subtitle?: string): void {
  const setHeader = useContext(SetPageHeaderContext);
  useLayoutEffect(() => {
    // The same header kept as it is: a drawn page starts with it (PageHeaderSeed), and a new object
    // would render the whole layout again, synchronously, as React takes the page over.
    setHeader?.((previous) => (previous?.title === title && previous.subtitle === subtitle ? previous : { title, subtitle }));
    return () => setHeader?.(null);
  }, [setHeader, title, subtitle]);
  useDocumentTitle(title);
}
