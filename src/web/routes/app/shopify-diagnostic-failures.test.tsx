/**
 * The diagnostic when Shopify could not answer (decision 023): the step that failed says why, in
 * French, and asks to try again in a moment; nothing tells the merchant to reconnect for Shopify's
 * outage, and webhooks that could not be read are not called missing.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { diagnostic, type DiagnosticChecks } from '#core/api/shopify';
import { activeStore, renderRoute } from '#web/test/render';
import { mockSignedInApi, on } from '#web/test/endpoints';

const expectedAddress = 'https://app.example/webhooks/shopify';
const platform = (failure: DiagnosticChecks['webhooks_platform']['failure']): DiagnosticChecks['webhooks_platform'] => ({
  status: 'error',
  registered: [],
  missing: [],
  wrong_address: [],
  expected_address: expectedAddress,
  failure,
});
const checks: DiagnosticChecks = {
  token: { status: 'success', http_status: null, failure: null, missing_scopes: [] },
  orders: { status: 'success', count: 12 },
  webhooks_database: { status: 'success', registered: ['orders/paid'], missing: [] },
  webhooks_platform: { status: 'success', registered: ['orders/paid'], missing: [], wrong_address: [], expected_address: expectedAddress, failure: null },
  flow: { status: 'success', active: 1, total: 1 },
  events: { status: 'success', recent: [] },
  order_events: { status: 'success', count: 3 },
  customer_data: { status: 'success', approved: true, withheld_fields: [] },
};

async function run(overrides: Partial<DiagnosticChecks>) {
  mockSignedInApi([on(diagnostic, { store: { id: activeStore.id, shop_domain: activeStore.shop_domain }, checks: { ...checks, ...overrides } })]);
  renderRoute('/app/shopify-diagnostic');
  await screen.findByRole('heading', { level: 1, name: 'Diagnostic Shopify' }, { timeout: 5_000 });
  await waitFor(() => expect(document.querySelector('[aria-live="polite"][aria-atomic="true"]')?.textContent).toMatch(/^Diagnostic terminé/));
  return (name: string) => within(within(screen.getByRole('list', { name: 'Étapes du diagnostic' })).getByRole('listitem', { name }));
}

/** Texts as the page shows them to the matcher (its spaces, the narrow no-break one included, normalised). */
const text = (t: string) => t.replace(/\s+/g, ' ');

const retry = 'Votre boutique et sa connexion ne sont pas en cause. Relancez le diagnostic dans quelques instants.';

describe('/app/shopify-diagnostic when Shopify does not answer', () => {
  it('says the token step failed because Shopify is unavailable (503), and the steps after it could not run', async () => {
    const step = await run({
      token: { status: 'error', http_status: 503, failure: 'unavailable', missing_scopes: [] },
      orders: { status: 'error', count: null },
      webhooks_platform: platform('unavailable'),
    });
    expect(step('Jeton d’accès').getByText(text('Shopify est momentanément indisponible (erreur 503)\u202f: le jeton d’accès n’a pas pu être vérifié.'))).toBeTruthy();
    expect(step('Jeton d’accès').getByText(retry)).toBeTruthy();
    expect(step('Jeton d’accès').queryByRole('link', { name: 'Reconnecter la boutique' })).toBeNull();
    for (const name of ['Commandes', 'Webhooks sur Shopify']) {
      expect(step(name).getByText(text('Vérification impossible\u202f: Shopify ne répond pas pour le moment (étape 1).'))).toBeTruthy();
      expect(step(name).queryByText(/refuse le jeton/)).toBeNull();
      expect(step(name).queryByRole('button', { name: 'Enregistrer les webhooks' })).toBeNull();
    }
  });

  it('says Shopify did not answer in time', async () => {
    const step = await run({
      token: { status: 'error', http_status: null, failure: 'timeout', missing_scopes: [] },
      orders: { status: 'error', count: null },
      webhooks_platform: platform('timeout'),
    });
    expect(step('Jeton d’accès').getByText(text('Shopify n’a pas répondu à temps\u202f: le jeton d’accès n’a pas pu être vérifié.'))).toBeTruthy();
  });

  it('says the webhook list could not be read, without calling the webhooks missing', async () => {
    const step = await run({ webhooks_platform: platform('timeout') });
    expect(step('Webhooks sur Shopify').getByText(text('La liste des webhooks n’a pas pu être lue\u202f: Shopify n’a pas répondu à temps.'))).toBeTruthy();
    expect(step('Webhooks sur Shopify').getByText(retry)).toBeTruthy();
    expect(step('Webhooks sur Shopify').queryByRole('button', { name: 'Enregistrer les webhooks' })).toBeNull();
  });

  it('still asks to reconnect for a refused token', async () => {
    const step = await run({
      token: { status: 'error', http_status: 401, failure: 'refused', missing_scopes: [] },
      orders: { status: 'error', count: null },
      webhooks_platform: platform('refused'),
    });
    expect(step('Jeton d’accès').getByRole('link', { name: 'Reconnecter la boutique' })).toBeTruthy();
    expect(step('Commandes').getByText(/Shopify refuse le jeton d’accès de la boutique/)).toBeTruthy();
  });
});
