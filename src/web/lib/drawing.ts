import type { QueryClient } from '@tanstack/react-query';
import type { PageHeaderState } from './page-header';

/**
 * What a screen the server draws declares beside its component (decision 039): the server reads its
 * data in one pass before rendering it once, instead of rendering until no query is missing.
 * The /app layout and the screens `drawnRoutes` names (#core/routes) export one as `drawing`; the
 * router hands it to the server renderer through the route's `handle`.
 */
export interface ScreenDrawing {
  /** The header the screen sets (`usePageHeader`): the layout above it is drawn before it renders. */
  header?: PageHeaderState;
  /**
   * Reads into `client` every query the screen's first render at `url` shows, with the same query
   * options as its hooks, so the browser's first render finds the same answers. server-render.test.tsx
   * fails when a drawn screen asks for one not read here.
   */
  prefetch(client: QueryClient, url: URL): Promise<unknown>;
}

/** What the router keeps of a lazy screen module in its route's `handle`. */
export interface ScreenHandle {
  drawing?: ScreenDrawing;
}
