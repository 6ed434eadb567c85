/** The unsubscribe page in German (the French one, i18n/fr/unsubscribe.ts, is the reference: same keys). */
import type { UnsubscribeMessages } from '../unsubscribe';

export const de: UnsubscribeMessages = {
  title: 'Abmeldung',
  loading: 'Wird geladen…',
  intro: (storeName: string) => `Sie möchten keine Bewertungsanfragen von ${storeName} mehr erhalten?`,
  addressLabel: 'E-Mail-Adresse',
  storeLabel: 'Shop',
  explanation: 'Klicken Sie auf die Schaltfläche unten: Dieser Shop sendet Ihnen dann keine Bewertungsanfragen mehr an diese Adresse.',
  submit: 'Abmelden',
  submitting: 'Abmeldung läuft…',
  doneHeading: 'Abmeldung bestätigt',
  done: (storeName: string) => `${storeName} sendet Ihnen keine Bewertungsanfragen mehr an diese Adresse.`,
  invalid: 'Ungültiger oder abgelaufener Link',
  invalidHelp: 'Dieser Abmeldelink ist nicht mehr gültig. Bitte verwenden Sie den Link aus der zuletzt erhaltenen E-Mail.',
  failed: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
};
