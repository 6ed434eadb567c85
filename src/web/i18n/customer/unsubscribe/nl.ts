/** The unsubscribe page in Dutch (the French one, i18n/fr/unsubscribe.ts, is the reference: same keys). */
import type { UnsubscribeMessages } from '../unsubscribe';

export const nl: UnsubscribeMessages = {
  title: 'Afmelden',
  loading: 'Laden…',
  intro: (storeName: string) => `Wil je geen reviewverzoeken van ${storeName} meer ontvangen?`,
  addressLabel: 'E-mailadres',
  storeLabel: 'Webshop',
  explanation: 'Klik op de knop hieronder: deze webshop stuurt dan geen reviewverzoeken meer naar dit adres.',
  submit: 'Afmelden',
  submitting: 'Bezig met afmelden…',
  doneHeading: 'Je bent afgemeld',
  done: (storeName: string) => `${storeName} stuurt geen reviewverzoeken meer naar dit adres.`,
  invalid: 'Ongeldige of verlopen link',
  invalidHelp: 'Deze afmeldlink is niet meer geldig. Gebruik de link uit de laatste e-mail die je hebt ontvangen.',
  failed: 'Er is iets misgegaan. Probeer het opnieuw.',
};
