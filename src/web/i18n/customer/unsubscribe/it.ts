/** The unsubscribe page in Italian (the French one, i18n/fr/unsubscribe.ts, is the reference: same keys). */
import type { UnsubscribeMessages } from '../unsubscribe';

export const it: UnsubscribeMessages = {
  title: 'Annulla l’iscrizione',
  loading: 'Caricamento…',
  intro: (storeName: string) => `Non vuoi più ricevere richieste di recensione da ${storeName}?`,
  addressLabel: 'Indirizzo e-mail',
  storeLabel: 'Negozio',
  explanation: 'Fai clic sul pulsante qui sotto: questo negozio non invierà più richieste di recensione a questo indirizzo.',
  submit: 'Annulla l’iscrizione',
  submitting: 'Annullamento in corso…',
  doneHeading: 'Iscrizione annullata',
  done: (storeName: string) => `${storeName} non invierà più richieste di recensione a questo indirizzo.`,
  invalid: 'Link non valido o scaduto',
  invalidHelp: 'Questo link per annullare l’iscrizione non è più valido. Usa il link dell’ultima e-mail che hai ricevuto.',
  failed: 'Si è verificato un errore. Riprova.',
};
