import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getLegalInformation } from '#core/api/legal';
import type { ResponseOf } from '#core/api/endpoint';
import { apiError, renderRoute } from '#web/test/render';
import { mockApi, on } from '#web/test/endpoints';

/** What GET /api/legal answers: a configured operator and the seeded price list. */
const operator = {
  name: 'Maison Lumière SAS',
  legal_form: 'Société par actions simplifiée',
  share_capital: '15000',
  address: '8 quai des Chartrons, 33000 Bordeaux, France',
  registration: 'RCS Bordeaux 912 345 678',
  vat: 'FR45912345678',
  phone: '+33 5 56 00 11 22',
  email: 'contact@maison-lumiere.test',
  publication_director: 'Hélène Moreau',
  hosting_provider: 'Nuage Hébergement SAS, 4 rue du Serveur, 59100 Roubaix, France, +33 3 20 00 00 00',
};
const plans = [
  { code: 'starter', name: 'Starter', price_amount: '47.00', price_currency: 'USD', email_quota: 300, is_unlimited: false },
  { code: 'pro', name: 'Pro', price_amount: '77.00', price_currency: 'USD', email_quota: 3000, is_unlimited: false },
  { code: 'enterprise', name: 'Entreprise', price_amount: '107.00', price_currency: 'USD', email_quota: null, is_unlimited: true },
];

const PLACEHOLDER = /\[[^\]]*\]/;

async function renderLegal(path: string, answer: ResponseOf<typeof getLegalInformation> = { operator, plans }) {
  mockApi([on(getLegalInformation, () => answer)]);
  renderRoute(path);
  const main = await screen.findByRole('main');
  // The sections (h2) arrive with the answer.
  await within(main).findAllByRole('heading', { level: 2 });
  return main;
}

/** The page's text with French spacing (narrow and non-breaking spaces) read as plain spaces. */
const textOf = (element: Element) => (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('legal pages', () => {
  it.each([
    ['/privacy-policy', 'Politique de confidentialité'],
    ['/terms-of-service', 'Conditions générales d’utilisation'],
    ['/legal-notice', 'Mentions légales'],
  ])('%s names the configured operator, dated 14 octobre 2025, without a placeholder left', async (path, title) => {
    const main = await renderLegal(path);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('14 octobre 2025')).toBeTruthy();
    expect(main.textContent).toContain(operator.name);
    expect(screen.getAllByRole('link', { name: 'Retour à l’accueil' }).map((a) => a.getAttribute('href'))).toEqual(['/', '/']);
    expect(document.body.textContent).not.toMatch(PLACEHOLDER);
  });

  it('the legal notice gives the publisher, the publication director and the host (LCEN)', async () => {
    const main = await renderLegal('/legal-notice');
    const text = textOf(main);
    for (const line of [
      'Maison Lumière SAS',
      'Société par actions simplifiée au capital de 15 000 €',
      'Siège social : 8 quai des Chartrons, 33000 Bordeaux, France',
      'Immatriculation : RCS Bordeaux 912 345 678',
      'TVA intracommunautaire : FR45912345678',
      'Téléphone : +33 5 56 00 11 22',
      'Contact : contact@maison-lumiere.test',
      'Directeur de la publication : Hélène Moreau',
      'Hébergeur : Nuage Hébergement SAS, 4 rue du Serveur, 59100 Roubaix, France, +33 3 20 00 00 00',
    ])
      expect(text).toContain(line);
    expect(document.body.textContent).not.toMatch(PLACEHOLDER);
  });

  it('the legal notice leaves out the VAT line when the operator has no number', async () => {
    const main = await renderLegal('/legal-notice', { operator: { ...operator, vat: null }, plans });
    expect(main.textContent).toContain('RCS Bordeaux 912 345 678');
    expect(main.textContent).not.toContain('TVA');
  });

  it('the privacy policy names the controller and where to write', async () => {
    const main = await renderLegal('/privacy-policy');
    const controller = within(main).getByRole('heading', { level: 2, name: '1. Qui traite vos données' }).closest('section')!;
    expect(controller.textContent).toContain('Maison Lumière SAS');
    expect(controller.textContent).toContain('8 quai des Chartrons, 33000 Bordeaux, France');
    expect(controller.textContent).toContain('contact@maison-lumiere.test');
    const rights = within(main).getByRole('heading', { level: 2, name: '9. Vos droits' }).closest('section')!;
    expect(rights.textContent).toContain('contact@maison-lumiere.test');
    expect(main.textContent).toContain('au maximum 30 jours');
    expect(main.textContent).toContain('jusqu’à 5 ans');
  });

  it('the terms name the plans and their monthly prices from the price list, formatted as the landing page does', async () => {
    const main = await renderLegal('/terms-of-service');
    const pricing = within(main).getByRole('heading', { level: 2, name: '3. Abonnements et tarifs' }).closest('section')!;
    const items = within(pricing)
      .getAllByRole('listitem')
      .map((li) => textOf(li));
    expect(items).toEqual([
      'Starter : 47 $ US par mois, 300 e-mails par mois',
      'Pro : 77 $ US par mois, 3 000 e-mails par mois',
      'Entreprise : 107 $ US par mois, e-mails illimités',
    ]);
    // The spec's old euro list is gone: the database is the one price list.
    expect(main.textContent).not.toMatch(/9[.,]99|29[.,]99|69[.,]99|Basic|Premium/);
    const text = textOf(main);
    expect(text).toContain('Toute modification de prix est annoncée au moins 30 jours à l’avance');
    expect(text).toContain('notifiée au moins 30 jours avant son entrée en vigueur');
    expect(text).toContain('12 derniers mois');
    expect(text).toContain('jusqu’à 5 ans');
    expect(within(main).getByRole('link', { name: 'Voir les mentions légales' }).getAttribute('href')).toBe('/legal-notice');
  });

  it('the terms say so when no plan is on sale', async () => {
    const main = await renderLegal('/terms-of-service', { operator, plans: [] });
    const pricing = within(main).getByRole('heading', { level: 2, name: '3. Abonnements et tarifs' }).closest('section')!;
    expect(pricing.textContent).toContain('Aucun plan n’est proposé à la souscription pour le moment.');
    expect(within(pricing).queryAllByRole('listitem')).toEqual([]);
  });

  it('shows the title at once, a French loading state, then an error with a retry that recovers', async () => {
    let fail = true;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    mockApi([
      on(getLegalInformation, async () => {
        await gate;
        return fail ? apiError(500, 'Une erreur interne est survenue.', 'internal') : { operator, plans };
      }),
    ]);
    renderRoute('/legal-notice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentions légales' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Chargement des informations légales…');
    release();
    expect(await screen.findByText(/Impossible de charger les informations légales/)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(PLACEHOLDER);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(textOf(screen.getByRole('main'))).toContain('Directeur de la publication : Hélène Moreau'));
  });
});
