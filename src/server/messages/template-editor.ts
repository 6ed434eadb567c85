/**
 * French sentences the server writes for the branding and e-mail template editors: the sample the
 * preview and the test fill the variables with, the test e-mail's notice, and the refusals of the
 * page's e-mail texts (greeting and closing are Liquid, like the template).
 */
export const templateEditorMessages = {
  /** The name of the template a save writes (email_templates.name). */
  templateName: 'Modèle principal',
  sample: { customerName: 'Marie Dupont', orderNumber: '#1001' },
  testSubjectPrefix: '[Test] ',
  /** The first line of a test e-mail: the merchant must not take it for a customer's. */
  testNotice: 'E-mail de test\u202f: voici votre modèle tel que vos clients le recevront. Le bouton ouvre l’aperçu de votre page d’avis.',
  /** Where (« à la ligne 1, colonne 9 ») and what, from core/email/liquid-syntax-messages.ts. */
  greetingInvalid: (place: string, fault: string) => `La formule d’accueil contient une erreur de syntaxe${place ? ` ${place}` : ''}\u202f: ${fault}.`,
  closingInvalid: (place: string, fault: string) => `La formule de fin contient une erreur de syntaxe${place ? ` ${place}` : ''}\u202f: ${fault}.`,
};
