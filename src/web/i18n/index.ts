import { fr } from './fr';

/**
 * The UI's message catalogue. French is the only language today; a second language adds a sibling
 * folder exporting an object of type `Messages` and a way to choose it here.
 */
export type Messages = typeof fr;

export const messages: Messages = fr;

/** Locale used for number and date formatting. */
export const locale = 'fr-FR';
