/**
 * Billing truth (issue 27) in Chromium, against the local Shopify, each test on a shop installed
 * from Shopify's admin as a new merchant does (Pro plan approved):
 *  - disconnecting with 'remove': Shopify's admin shows the app uninstalled and the subscription
 *    cancelled; with 'keep': still installed and active, while the app has no store any more;
 *  - a plan change declined on Shopify's page: the next opening of the app explains it, once;
 *  - uninstalled from Shopify's admin, then installed again: the app asks for a plan again (Shopify
 *    cancelled the subscription with the uninstall, and a reinstall starts from Shopify's state).
 * Shopify's side is read on its admin page by visible text, as a merchant would. axe on every screen
 * of the app the tests visit.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoViolation, PHONE } from './support/browser';
import { installFromShopify, installNewShop, shopAdminPath } from './support/shop';
import { browserSuite } from './support/suite';

const suite = browserSuite();
const LAPTOP = { width: 1280, height: 800 };

const REMOVE = 'Résilier l’abonnement et désinstaller l’application de Shopify';
const KEEP = 'Garder l’abonnement et l’application sur Shopify';
const SYNC_PATH = '/functions/v1/shopify-sync-plan';

/** The shop's admin on the local Shopify: the app's section and the subscriptions table. */
async function openShopAdmin(page: Page, shop: string) {
  await page.goto(shopAdminPath(suite.app.url, shop));
  return {
    app: page.getByRole('region', { name: /^Application «\s/ }),
    subscriptions: page.getByRole('region', { name: "Abonnements de l'application" }),
  };
}

/** The status Shopify's admin shows for the subscription to `plan` (one row per subscription, in creation order). */
const subscriptionStatuses = (subscriptions: Locator, plan: string) =>
  subscriptions
    .getByRole('row')
    .filter({ has: subscriptions.page().getByRole('cell', { name: new RegExp(`^${plan}\\b`) }) })
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[2]?.textContent?.trim() ?? ''));

async function openIntegrations(page: Page) {
  await page.goto(`${suite.app.url}/app/integrations`);
  await page.getByRole('heading', { level: 1, name: 'Intégrations' }).waitFor();
  return page.getByRole('region', { name: /^Shopify/ });
}

/** Opens 'Déconnecter la boutique ?' from the store card and checks that it says the two are separate. */
async function openDisconnectDialog(page: Page, shop: string) {
  const card = await openIntegrations(page);
  await card.getByText(shop).waitFor();
  await card.getByRole('button', { name: 'Déconnecter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Déconnecter la boutique ?' });
  await dialog.getByText(/Votre abonnement et l’installation de l’application sur Shopify sont indépendants de ce lien/).waitFor();
  await dialog.getByRole('group', { name: 'Sur Shopify' }).waitFor();
  expect(await dialog.getByRole('radio', { name: REMOVE }).isChecked()).toBe(false);
  expect(await dialog.getByRole('radio', { name: KEEP }).isChecked()).toBe(false);
  await expectNoViolation(page);
  return dialog;
}

describe('disconnecting the store', () => {
  it("'remove' cancels the subscription and uninstalls the app on Shopify, and says so, on a laptop", async () => {
    const { page } = await suite.page(LAPTOP);
    const shop = await installNewShop(page, suite.app.url, 'resiliation');
    const dialog = await openDisconnectDialog(page, shop);

    // Without a choice, nothing happens: the dialog asks for one.
    await dialog.getByRole('button', { name: 'Déconnecter' }).click();
    await dialog.getByRole('alert').getByText('Choisissez ce que deviennent l’abonnement et l’application sur Shopify.').waitFor();
    await dialog.getByRole('radio', { name: REMOVE }).check();
    await dialog.getByRole('button', { name: 'Déconnecter' }).click();

    const outcome = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Boutique déconnectée' }) });
    await outcome.getByText('L’abonnement Shopify est résilié : Shopify ne vous facture plus l’application.').waitFor();
    await outcome.getByText('L’application est désinstallée de votre boutique Shopify.').waitFor();
    // The card tells the store as it was left: uninstalled, nothing billed (decision 045).
    const card = page.getByRole('region', { name: /^Shopify/ });
    await card.getByRole('heading', { name: 'Votre boutique n’est plus connectée' }).waitFor();
    await card.getByText(/L’application a été désinstallée de votre boutique Shopify\s: Shopify ne vous la facture plus/).waitFor();
    await outcome.waitFor();
    await expectNoViolation(page);

    // Shopify's admin: the app is not installed, the subscription is cancelled.
    const admin = await openShopAdmin(page, shop);
    await admin.app.getByText('Non installée').waitFor();
    await admin.app.getByRole('link', { name: "Installer l'application" }).waitFor();
    expect(await subscriptionStatuses(admin.subscriptions, 'Pro')).toEqual(['Annulé']);
  });

  it("'keep' only unlinks the store here: Shopify keeps the app installed and the subscription active, on a phone (keyboard)", async () => {
    const { page } = await suite.page(PHONE);
    const shop = await installNewShop(page, suite.app.url, 'conservation');
    const dialog = await openDisconnectDialog(page, shop);

    // By keyboard: focus starts on Annuler; Tab wraps from Déconnecter to the choices, the arrow key
    // takes the second one, Tab back to the buttons and Enter on Déconnecter.
    expect(await dialog.getByRole('button', { name: 'Annuler' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.getByRole('radio', { name: REMOVE }).evaluate((radio) => radio === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: KEEP }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.getByRole('button', { name: 'Déconnecter' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const outcome = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Boutique déconnectée' }) });
    await outcome.getByText('L’abonnement et l’application restent sur Shopify : Shopify continue de vous facturer l’abonnement tant que l’application reste installée.').waitFor();
    // The card says Shopify still bills, not « install from the App Store » (decision 045), and how to
    // stop it: the outcome above then does not repeat the path.
    const card = page.getByRole('region', { name: /^Shopify/ });
    await card.getByRole('heading', { name: 'Votre boutique n’est plus connectée' }).waitFor();
    await card.getByText(/Shopify continue de vous facturer le plan Pro tant qu’elle y reste installée/).waitFor();
    await card.getByRole('list', { name: 'Chemin dans l’administration Shopify' }).waitFor();
    expect(await page.getByRole('list', { name: 'Chemin dans l’administration Shopify' }).count()).toBe(1);
    await expectNoViolation(page);

    // The app's screens that need a store send the merchant back to the integrations; the reviews stay readable.
    await page.goto(`${suite.app.url}/app/dashboard`);
    await page.waitForURL(/\/app\/integrations$/);
    await card.getByRole('heading', { name: 'Votre boutique n’est plus connectée' }).waitFor();
    await card.getByRole('link', { name: 'Voir les avis' }).click();
    await page.waitForURL(/\/app\/feedback$/);
    await page.getByText(`La boutique ${shop} n’est plus connectée`, { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Exporter en CSV' }).waitFor();
    await expectNoViolation(page);

    // Shopify's admin: still installed, still billed.
    const admin = await openShopAdmin(page, shop);
    await admin.app.getByText('Installée', { exact: true }).waitFor();
    await admin.app.getByRole('button', { name: "Désinstaller l'application" }).waitFor();
    expect(await subscriptionStatuses(admin.subscriptions, 'Pro')).toEqual(['Actif']);

    // Back in the app: reconnecting goes through Shopify (installed, nothing to approve again), and
    // the dashboard then tells what happened meanwhile, once.
    const reconnectCard = await openIntegrations(page);
    await reconnectCard.getByRole('button', { name: 'Reconnecter la boutique' }).click();
    await reconnectCard.getByText('Connectée', { exact: true }).waitFor();
    await page.goto(`${suite.app.url}/app/dashboard`);
    const notice = page.getByRole('region', { name: 'Pendant que votre boutique était déconnectée' });
    await notice.waitFor();
    await expectNoViolation(page);
    await notice.getByRole('button', { name: 'J’ai compris' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    expect(await notice.count()).toBe(0);
  });
});

describe('a plan change declined on Shopify', () => {
  it('is explained the next time the merchant opens the app, once, on a phone', async () => {
    const { page } = await suite.page(PHONE);
    const shop = await installNewShop(page, suite.app.url, 'refus-changement');
    await page.goto(`${suite.app.url}/app/plans`);
    await page.getByRole('button', { name: 'Changer de plan pour Entreprise' }).click();
    await page.waitForURL(/\/_shopify\/.*charges/);
    await page.getByRole('button', { name: 'Refuser' }).click();
    // Like Shopify: a declined charge goes back to the shop's admin, not to the app.
    await page.waitForURL(new RegExp(`/_shopify/store/${shop}/admin`));
    await page.getByText('Vous avez refusé le paiement').waitFor();

    // The merchant opens the app again.
    await page.goto(`${suite.app.url}/app/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Changement de plan refusé' });
    await notice.getByText('Le changement de plan vers Entreprise a été refusé sur Shopify : votre boutique reste sur le plan Pro.').waitFor();
    await notice.getByText('Pour changer de plan, choisissez-le à nouveau et approuvez le paiement sur Shopify.').waitFor();
    await expectNoViolation(page);

    // Still there on the plans page (the same opening of the app), where the current plan is Pro.
    await notice.getByRole('link', { name: 'Voir les plans' }).click();
    await page.waitForURL(/\/app\/plans$/);
    await page.getByRole('list', { name: 'Plans disponibles' }).getByRole('listitem', { name: 'Pro Plan actuel' }).waitFor();
    await notice.getByText(/^Le changement de plan vers Entreprise a été refusé/).waitFor();
    await expectNoViolation(page);

    // Told once: a reload re-reads Shopify's billing and has nothing to tell.
    const resynced = page.waitForResponse((response) => new URL(response.url()).pathname === SYNC_PATH);
    await page.reload();
    const answer = await resynced;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { notice: unknown }).notice).toBeNull();
    await page.getByRole('list', { name: 'Plans disponibles' }).getByRole('listitem', { name: 'Pro Plan actuel' }).waitFor();
    expect(await page.getByText('Changement de plan refusé').count()).toBe(0);
  });

  it('can be dismissed, on a laptop', async () => {
    const { page } = await suite.page(LAPTOP);
    await installNewShop(page, suite.app.url, 'refus-masque');
    await page.goto(`${suite.app.url}/app/plans`);
    await page.getByRole('button', { name: 'Changer de plan pour Starter' }).click();
    await page.waitForURL(/\/_shopify\/.*charges/);
    await page.getByRole('button', { name: 'Refuser' }).click();
    await page.getByText('Vous avez refusé le paiement').waitFor();

    await page.goto(`${suite.app.url}/app/plans`);
    const notice = page.getByRole('status').filter({ hasText: 'Changement de plan refusé' });
    await notice.getByText('Le changement de plan vers Starter a été refusé sur Shopify : votre boutique reste sur le plan Pro.').waitFor();
    await notice.getByRole('button', { name: 'Masquer ce message' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await page.getByText('Changement de plan refusé').count()).toBe(0);
  });
});

describe('uninstalled from Shopify, then installed again', () => {
  it('starts from Shopify again: the subscription ended with the uninstall, and the app asks for a plan', async () => {
    const { page } = await suite.page(LAPTOP);
    const shop = await installNewShop(page, suite.app.url, 'reinstallation');

    // Uninstalled from Shopify's admin: Shopify cancels the subscription.
    let admin = await openShopAdmin(page, shop);
    await admin.app.getByRole('button', { name: "Désinstaller l'application" }).click();
    await page.getByText("L'application a été désinstallée.", { exact: false }).waitFor();
    admin = { app: page.getByRole('region', { name: /^Application «\s/ }), subscriptions: page.getByRole('region', { name: "Abonnements de l'application" }) };
    await admin.app.getByText('Non installée').waitFor();
    expect(await subscriptionStatuses(admin.subscriptions, 'Pro')).toEqual(['Annulé']);

    // The app hears of it (app/uninstalled, processed by the worker): the store stops.
    await expect
      .poll(
        async () => {
          await page.goto(`${suite.app.url}/app/dashboard`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          return new URL(page.url()).pathname;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('/app/integrations');
    const card = page.getByRole('region', { name: /^Shopify/ });
    await card.getByText('Application désinstallée le').waitFor();
    await card.getByText(/Shopify ne vous la facture plus/).waitFor();

    // Installed again from Shopify's admin, as the same merchant (still signed in).
    await installFromShopify(page, suite.app.url, shop);
    await page.getByText('POPULAIRE').first().waitFor();
    await page
      .getByRole('button', { name: /choisir|sélectionner|commencer/i })
      .nth(1)
      .click();
    await page.waitForURL(/\/shopify\/onboarding\?/);
    await page.getByRole('button', { name: /^Continuer avec / }).click();

    // Not paid for: the app asks Shopify for a new subscription instead of opening the dashboard.
    await page.waitForURL(/\/_shopify\/.*charges/);
    await page.getByRole('heading', { name: "Approuver l'abonnement" }).waitFor();

    // Opening the app without approving: the store is connected but not subscribed.
    await page.goto(`${suite.app.url}/app/dashboard`);
    await page.waitForURL(/\/subscription$/);
    await page.getByRole('heading', { level: 1, name: 'Choisissez votre plan' }).waitFor();
    await page.getByText(/Votre abonnement attend votre approbation sur Shopify/).waitFor();
    await expectNoViolation(page);

    // Shopify's admin agrees: installed again, the old subscription cancelled, the new one pending.
    admin = await openShopAdmin(page, shop);
    await admin.app.getByText('Installée', { exact: true }).waitFor();
    expect(await subscriptionStatuses(admin.subscriptions, 'Pro')).toEqual(['Annulé', 'En attente']);
  });
});
