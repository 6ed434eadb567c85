import { describe, expect, it } from 'vitest';
import { DEFAULT_GREETING, DEFAULT_TEMPLATE, renderReviewEmail } from './review-email';
import { foldForWording, HTML_WARNING_BYTES, templateWarnings, utf8Bytes, type TemplateText } from './template-warnings';
import { REMINDER_DEFAULTS } from './reminder';

const base: TemplateText = {
  subject: DEFAULT_TEMPLATE.subject,
  bodyContent: DEFAULT_TEMPLATE.bodyContent!,
  buttonText: DEFAULT_TEMPLATE.buttonText,
  buttonUrlTemplate: DEFAULT_TEMPLATE.buttonUrlTemplate,
  footerText: DEFAULT_TEMPLATE.footerText,
};
const variables = { customer_name: 'Léa', store_name: 'Maison Lumière', order_number: '#1001', review_link: 'https://avis.test/review/abc' };
const wordingOf = (sentence: string) => templateWarnings({ ...base, bodyContent: sentence }, 1000);

describe('templateWarnings: wording', () => {
  // Sentences a merchant might write, and what each must be warned about.
  const flagged: [string, ('selective_wording' | 'incentive_wording')[]][] = [
    ['Si vous êtes satisfait(e), laissez-nous un avis !', ['selective_wording']],
    ['SI VOUS ÊTES SATISFAITE de votre achat, dites-le !', ['selective_wording']],
    ['Si vous etes vraiment content, notez-nous.', ['selective_wording']],
    ['Si vous avez aimé votre commande, partagez votre avis.', ['selective_wording']],
    ['Si vous avez apprécié nos produits, laissez un commentaire.', ['selective_wording']],
    ['Si votre commande vous a plu, faites-le savoir.', ['selective_wording']],
    ['Si tout s’est bien passé, laissez-nous un petit mot.', ['selective_wording']],
    ['Si votre expérience a été positive, parlez-en autour de vous.', ['selective_wording']],
    ['Laissez-nous 5 étoiles !', ['selective_wording']],
    ['Donnez-nous cinq étoiles sur Google.', ['selective_wording']],
    ['Un petit 5/5 nous ferait plaisir.', ['selective_wording']],
    ['Rejoignez nos clients satisfaits !', ['selective_wording']],
    ['Laissez-nous un avis positif.', ['selective_wording']],
    ['Laissez un avis uniquement si votre colis est arrivé intact.', ['selective_wording']],
    ['If you are happy with your order, leave us a review.', ['selective_wording']],
    ['Rate us 5 stars!', ['selective_wording']],
    ['Recevez un code promo pour votre avis.', ['incentive_wording']],
    ['Profitez de -10 % sur votre prochaine commande.', ['incentive_wording']],
    ['Profitez de \u221210\u00a0% sur votre prochaine commande.', ['incentive_wording']],
    ['Un cadeau pour votre avis !', ['incentive_wording']],
    ['En échange de votre avis, la livraison est pour nous.', ['incentive_wording']],
    ['Chaque avis vous inscrit au tirage au sort du mois.', ['incentive_wording']],
    ['15 % de réduction sur votre prochain achat.', ['incentive_wording']],
    ['Un bon d’achat de 5 € vous attend.', ['incentive_wording']],
    ['Gagnez 100 points de fidélité en laissant un avis.', ['incentive_wording']],
    ['10 € offerts pour tout avis publié.', ['incentive_wording']],
    ['Nous vous offrons la livraison de votre prochaine commande.', ['incentive_wording']],
    ['Leave a review and get a discount.', ['incentive_wording']],
    ['Si vous êtes satisfait, laissez 5 étoiles et recevez un code promo.', ['selective_wording', 'incentive_wording']],
  ];
  it.each(flagged)('warns about « %s »', (sentence, expected) => {
    expect(wordingOf(`Bonjour {{ customer_name }}, ${sentence}`)).toEqual(expected);
  });

  const neutral = [
    'Votre avis compte pour nous.',
    'Dites-nous ce que vous en pensez.',
    'Merci de votre confiance !',
    'Pourriez-vous prendre une minute pour partager votre avis ? Cela nous aide beaucoup.',
    'Nous espérons que vous en êtes satisfait(e).',
    'Notez votre commande de 1 à 5 étoiles.',
    'Notez-nous sur 5 étoiles, en toute franchise.',
    'Tous les avis nous aident, des avis positifs comme négatifs.',
    'Comment s’est passée votre commande chez {{ store_name }} ?',
    'Si vous avez une question, répondez simplement à cet e-mail.',
    'Si vous n’êtes pas satisfait, dites-le nous aussi : chaque avis compte.',
    'Suite à la remise de votre colis, dites-nous tout.',
    'Pour vous offrir un meilleur service, nous lisons chaque avis.',
    'Votre retour nous aide à nous améliorer.',
    'Rate us from 1 to 5 stars, honestly.',
  ];
  it.each(neutral)('does not warn about « %s »', (sentence) => {
    expect(wordingOf(`Bonjour {{ customer_name }}, ${sentence} {{ review_link }}`)).toEqual([]);
  });

  it('reads every part of the e-mail: subject, greeting, closing, button and footer', () => {
    expect(templateWarnings({ ...base, subject: 'Un cadeau vous attend' }, 0)).toEqual(['incentive_wording']);
    expect(templateWarnings({ ...base, greeting: 'Si vous êtes ravie, {{ customer_name }} :' }, 0)).toEqual(['selective_wording']);
    expect(templateWarnings({ ...base, closing: 'Code promo : MERCI10' }, 0)).toEqual(['incentive_wording']);
    expect(templateWarnings({ ...base, buttonText: 'Donner 5 étoiles' }, 0)).toEqual(['selective_wording']);
    expect(templateWarnings({ ...base, footerText: 'Tirage au sort chaque mois' }, 0)).toEqual(['incentive_wording']);
  });

  it('reads the reminder’s subject and first line too, and the defaults pass', () => {
    expect(templateWarnings({ ...base, reminderSubject: 'Dernière chance : un bon d’achat pour votre avis' }, 0)).toEqual(['incentive_wording']);
    expect(templateWarnings({ ...base, reminderFirstLine: 'Si vous avez aimé votre commande, dites-le !' }, 0)).toEqual(['selective_wording']);
    expect(templateWarnings({ ...base, reminderSubject: REMINDER_DEFAULTS.subject, reminderFirstLine: REMINDER_DEFAULTS.firstLine }, 0)).toEqual([]);
  });

  it('folds accents, apostrophes, dashes and spaces so ASCII word boundaries hold', () => {
    expect(foldForWording('Si Vous ÊTES\u00a0Satisfait(e) – s’il vous plaît')).toBe("si vous etes satisfait(e) - s'il vous plait");
  });
});

describe('templateWarnings: link and size', () => {
  it('the default template, greeting included, has no warning', () => {
    const email = renderReviewEmail({ template: DEFAULT_TEMPLATE, variables, unsubscribeUrl: 'https://avis.test/unsubscribe/abc' });
    expect(templateWarnings({ ...base, greeting: DEFAULT_GREETING }, utf8Bytes(email.html))).toEqual([]);
  });

  it('warns when neither the body nor the button leads to the review link', () => {
    expect(templateWarnings({ ...base, buttonUrlTemplate: 'https://boutique.test' }, 0)).toEqual(['missing_review_link']);
    expect(templateWarnings({ ...base, buttonUrlTemplate: 'https://boutique.test', bodyContent: 'Votre avis : {{- review_link }}' }, 0)).toEqual([]);
  });

  it('warns about an HTML part over 100 KB (Gmail clips at 102 KB), counted in UTF-8 bytes', () => {
    // 60,000 characters of 2 bytes each: under Liquid's parse limit, over the mail clients' one.
    const bodyContent = `Bonjour {{ customer_name }}, ${'é'.repeat(60_000)}`;
    const email = renderReviewEmail({ template: { ...DEFAULT_TEMPLATE, bodyContent }, variables });
    expect(utf8Bytes(email.html)).toBeGreaterThan(HTML_WARNING_BYTES);
    expect(templateWarnings({ ...base, bodyContent }, utf8Bytes(email.html))).toEqual(['html_too_large']);
    expect(templateWarnings(base, HTML_WARNING_BYTES)).toEqual([]);
    expect(templateWarnings(base, HTML_WARNING_BYTES + 1)).toEqual(['html_too_large']);
  });
});
