import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { messages } from '../i18n';

/** What an /app screen shows in the layout header: breadcrumb title and optional subtitle. */
export interface PageHeaderState {
  title: string;
  subtitle?: string;
}

type SetPageHeader = (header: PageHeaderState | null) => void;

const SetPageHeaderContext = createContext<SetPageHeader | null>(null);
const PageHeaderContext = createContext<PageHeaderState | null>(null);

/**
 * The header of a page the server draws (decision 037). A screen sets its header in an effect, which
 * a server never runs, and the layout's header comes before the screen. So on the server a screen
 * tells it as it renders (`rendered`), the next pass of the render starts the layout with it
 * (`header`), and the browser hydrates with the same one (main.tsx).
 */
export interface PageHeaderSeed {
  header: PageHeaderState | null;
  rendered?: (header: PageHeaderState) => void;
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
  const seed = useContext(PageHeaderSeedContext);
  seed?.rendered?.(subtitle === undefined ? { title } : { title, subtitle });
  useLayoutEffect(() => {
    setHeader?.({ title, subtitle });
    return () => setHeader?.(null);
  }, [setHeader, title, subtitle]);
  useDocumentTitle(title);
}
