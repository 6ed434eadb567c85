import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import { DEMO, emulatorControl, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: the demo store is installed on the local Shopify, its webhooks registered.
const suite = browserSuite({ DEMO_MODE: 'true' });
const SHOP = 'maison-lumiere.myshopify.com';

const control = <T = unknown>(path: string, body: unknown = {}) => emulatorControl<T>(suite.app.url, path, body);

describe("the carrier's delivery", () => {
  it("is a 'Livrée' button on the local Shopify's control page, for a fulfilled order", async () => {
    const order = await control<{ id: number; name: string }>(`shops/${SHOP}/orders`, {
      total: '45.00',
      financialStatus: 'paid',
      customer: { firstName: 'Lina', lastName: 'Garnier', email: `lina-${Date.now()}@exemple.test` },
    });
    const { page } = await suite.page();
    await page.goto(`${suite.app.url}/_shopify`);
    const deliver = page.getByRole('button', { name: `Livrée : commande ${order.name}` });
    expect(await deliver.count()).toBe(0);

    await control(`orders/${order.id}/fulfil`);
    await page.reload();
    await deliver.click();
    await page.getByRole('status').filter({ hasText: 'La livraison a été enregistrée' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: order.name });
    await row.getByText(/^Livrée le /).waitFor();
    expect(await deliver.count()).toBe(0);
    await expectAccessible(page);

    // Delivered to the app, signed: the local Shopify's delivery log says it arrived.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${suite.app.url}/_shopify/control/deliveries?shop=${SHOP}&topic=fulfillment_events/create`);
          const deliveries = (await res.json()) as { body: string; delivered: boolean }[];
          return deliveries.filter((d) => (JSON.parse(d.body) as { order_id: number }).order_id === order.id).map((d) => d.delivered);
        },
        { timeout: 15_000 },
      )
      .toEqual([true]);
  });

  it('is a flow trigger, « Commande livrée », with an optional reminder', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/flow');
    await page.getByRole('heading', { level: 1, name: 'Configuration du flux' }).waitFor();
    await page.getByRole('button', { name: 'Ajouter un flux' }).click();
    const form = page.getByRole('form', { name: 'Nouveau flux' });
    await form.getByLabel('Nom du flux').fill('Après livraison');
    await form.getByLabel('Déclencheur').selectOption({ label: 'Commande livrée' });
    await form.getByText(/Recommandé\s: attendre le scan «\slivré\s» du transporteur/).waitFor();
    await form.getByLabel('Envoyer une relance').check();
    await form.getByLabel('Relance après (jours)').fill('5');
    await form.getByText('Une seule relance, uniquement aux clients qui n’ont pas encore laissé d’avis', { exact: false }).waitFor();
    await expectAccessible(page);

    await form.getByRole('button', { name: 'Enregistrer' }).click();
    const card = page.getByRole('article', { name: 'Après livraison' });
    await card.getByText('Commande livrée').waitFor();
    await card.getByText('3 jours après la livraison').waitFor();
    await card.getByText('5 jours après le premier e-mail, si pas encore d’avis').waitFor();
    await expectAccessible(page);
  });
});
