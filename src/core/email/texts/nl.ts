/** The review e-mail's texts in Dutch, addressing the customer as « je » (the French set, fr.ts, is the reference: same keys). */
import type { ReviewEmailTexts } from './index';

export const nl: ReviewEmailTexts = {
  defaultGreeting: 'Beste {{ customer_name }},',
  defaultSubject: 'Jouw mening telt voor ons! 🌟',
  defaultButton: 'Schrijf een review',
  defaultFooter: 'Bedankt voor je vertrouwen!',
  defaultBody:
    'Bedankt voor je bestelling {{ order_number }} bij {{ store_name }}! We hopen dat je er blij mee bent.\n\nWil je even een minuutje nemen om je mening met ons te delen? Daar help je ons enorm mee.',
  reminderSubject: 'Een kleine herinnering: je mening over bestelling {{ order_number }}',
  reminderFirstLine: 'We sturen je nog één berichtje: we horen graag wat je van je bestelling vindt, wat je mening ook is.',
  unsubscribeText: (storeName: string) => `Wil je geen reviewverzoeken van ${storeName} meer ontvangen?`,
  unsubscribeLink: 'Afmelden',
  oneOffUnsubscribeText: (storeName: string) => `Wil je geen e-mails van ${storeName} meer ontvangen?`,
  /** After « Beste »: an order without the customer's name. */
  customerFallback: 'klant',
};
