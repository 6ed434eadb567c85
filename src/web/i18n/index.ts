import type * as fr from './fr';

/**
 * The UI's message catalogue. French is the only language today; a second language adds a sibling
 * folder exporting the same names and a way to choose it here.
 *
 * `messages` is the catalogue folder's module namespace, not an object built from every catalogue:
 * the bundler resolves `messages.dashboard` to `fr/dashboard.ts` alone, so a screen's chunk carries
 * only the catalogues it reads. Read it as `messages.<screen>`; never iterate over it or pass it
 * whole, which would put every catalogue back into that chunk.
 */
export type Messages = typeof fr;

export * as messages from './fr';

/** Locale used for number and date formatting. */
export const locale = 'fr-FR';
