/** A shop on the local Shopify, and installing the app on it as a merchant does, from Shopify's admin. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './browser';
import { uniqueEmail } from './flows';

export const MERCHANT_PASSWORD = 'Lumiere-des-Avis-2025';

/** A new shop on the local Shopify (`{name}-{unique}.myshopify.com`); answers its domain. */
export async function createShop(baseUrl: string, name: string): Promise<string> {
  const domain = `${name}-${Date.now().toString(36)}.myshopify.com`;
  const res = await fetch(`${baseUrl}/_shopify/control/shops`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ domain, name: `Boutique ${name}` }),
  });
  expect(res.status).toBeLessThan(300);
  return domain;
}

/** The shop's admin page on the local Shopify. */
export const shopAdminPath = (baseUrl: string, shop: string) => `${baseUrl}/_shopify/store/${shop}/admin`;

/** From the shop's admin in the local Shopify to our plan selection, through the consent page. */
export async function installFromShopify(page: Page, baseUrl: string, shop: string) {
  await page.goto(shopAdminPath(baseUrl, shop));
  await page.getByRole('link', { name: "Installer l'application" }).click();
  await page.getByRole('button', { name: 'Installer' }).click();
  await page.waitForURL(/\/shopify\/plan-selection\?/);
}

/** On the plan selection: the second plan (Pro), then the onboarding page. */
export async function choosePro(page: Page) {
  await page.getByText('POPULAIRE').first().waitFor();
  await expectAccessible(page);
  const cards = page.getByRole('button', { name: /choisir|sélectionner|commencer/i });
  await cards.nth(1).click();
  await page.waitForURL(/\/shopify\/onboarding\?/);
}

/** On the onboarding page: a new account for the shop's merchant (the spec's fields: no person's name), then on to Shopify's billing page. */
export async function createAccountOnOnboarding(page: Page, name: string) {
  await page.getByLabel(/e-?mail/i).fill(uniqueEmail(name));
  await page.getByLabel(/entreprise|société/i).fill(`Boutique ${name}`);
  await page.getByLabel(/^mot de passe/i).fill(MERCHANT_PASSWORD);
  await page.getByLabel(/confirm/i).fill(MERCHANT_PASSWORD);
  await page.getByRole('button', { name: 'Créer mon compte et activer l’abonnement' }).click();
}

/**
 * A brand-new shop installed from Shopify: consent, Pro plan, a new account (signed in afterwards in
 * this page's context), billing approved on Shopify's page, the dashboard. Answers the shop's domain.
 */
export async function installNewShop(page: Page, baseUrl: string, name: string): Promise<string> {
  const shop = await createShop(baseUrl, name);
  await installFromShopify(page, baseUrl, shop);
  await choosePro(page);
  await page.getByText(`Finalisons l’installation pour ${shop}`).waitFor();
  await createAccountOnOnboarding(page, name);
  await page.getByRole('button', { name: 'Approuver' }).click();
  await page.waitForURL(/\/app\/dashboard/);
  await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
  return shop;
}
