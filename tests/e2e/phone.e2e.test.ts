import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import { DEMO, signIn } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: a merchant with a connected shop on an active plan, and a calendar of several pages.
const suite = browserSuite({ DEMO_MODE: 'true' });

/** The narrowest phone the app is made for. */
const NARROW = { width: 360, height: 740 };

/** Nothing wider than the screen: the page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'document.documentElement.scrollWidth').toBeLessThanOrEqual(NARROW.width);
}

/** Whether the element's box lies within the screen's width. */
async function withinScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= NARROW.width + 0.5;
}

/**
 * A dialog on the phone: it opens with its title on screen (never above it), and scrolling its layer
 * brings every part of it, down to its last button, onto the screen; the page behind stays put.
 */
async function expectDialogFitsAndScrolls(page: Page, dialog: Locator, title: string, lastButton: Locator) {
  await dialog.waitFor();
  const heading = dialog.getByRole('heading', { name: title });
  const top = (await heading.boundingBox())!;
  expect(top.y, 'the title starts on the screen').toBeGreaterThanOrEqual(0);
  expect(top.y + top.height).toBeLessThanOrEqual(NARROW.height);
  const panel = (await dialog.boundingBox())!;
  expect(panel.x).toBeGreaterThanOrEqual(0);
  expect(panel.x + panel.width).toBeLessThanOrEqual(NARROW.width + 0.5);
  const pageScroll = await page.evaluate(() => window.scrollY);
  await lastButton.scrollIntoViewIfNeeded();
  const last = (await lastButton.boundingBox())!;
  expect(last.y, 'the last button reached').toBeGreaterThanOrEqual(0);
  expect(last.y + last.height).toBeLessThanOrEqual(NARROW.height);
  expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);
  await expectNoSidewaysScroll(page);
}

/** The tab row's scroll cue at one end: shown, or not. */
const cue = (page: Page, end: 'start' | 'end') => page.locator(`[data-scroll-cue="${end}"]`);

/**
 * Every tab of the list, in order: selected from the keyboard (ArrowRight from the first, as the
 * tab pattern wants), it is scrolled into view and its panel shows; then the cue says which end
 * hides tabs.
 */
async function walkTabs(page: Page, names: string[]) {
  const list = page.getByRole('tablist');
  await list.waitFor();
  const first = list.getByRole('tab', { name: names[0] });
  await first.click();
  for (const [index, name] of names.entries()) {
    if (index > 0) await page.keyboard.press('ArrowRight');
    const tab = list.getByRole('tab', { name });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => tab.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => withinScreen(tab), { message: `tab « ${name} » within the screen` }).toBe(true);
    await page.getByRole('tabpanel', { name }).waitFor();
    await expectNoSidewaysScroll(page);
  }
  // Back to the first with Home: it comes back into view.
  await page.keyboard.press('Home');
  await expect.poll(() => withinScreen(first)).toBe(true);
}

describe('a phone 360 px wide', () => {
  it('reaches every tab of the account settings and of Branding & Pages, with a cue where tabs are hidden, without scrolling sideways', async () => {
    const { page } = await suite.page(NARROW);
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/account-settings?tab=subscription');
    await page.waitForURL(/\/app\/account-settings/);

    // Opened on the last tab by its link: that tab is in view at once.
    const subscription = page.getByRole('tab', { name: 'Abonnement' });
    await expect.poll(() => subscription.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => withinScreen(subscription)).toBe(true);
    await expectNoSidewaysScroll(page);
    await walkTabs(page, ['Informations personnelles', 'Mot de passe', 'Abonnement']);
    await expectAccessible(page);

    await page.goto(`${suite.app.url}/app/branding`);
    const row = page.getByRole('tablist', { name: 'Sections du branding' });
    await row.waitFor();
    // The two tabs are wider than the screen: the row scrolls, and says so at the end that hides one.
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await cue(page, 'end').waitFor();
    expect(await cue(page, 'start').count()).toBe(0);
    await walkTabs(page, ['Identité visuelle', 'Personnalisation des pages']);
    await page.getByRole('tab', { name: 'Personnalisation des pages' }).click();
    await cue(page, 'start').waitFor();
    await expect.poll(() => cue(page, 'end').count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  it('keeps the calendar’s pagination on one line', async () => {
    const { page } = await suite.page(NARROW);
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/schedule');
    await page.waitForURL(/\/app\/schedule/);
    const pagination = page.getByRole('navigation', { name: 'Pagination des demandes' });
    await pagination.waitFor();
    const previous = pagination.getByRole('button', { name: 'Page précédente' });
    const next = pagination.getByRole('button', { name: 'Page suivante' });
    await pagination.getByText(/^Page 1 sur \d+$/).waitFor();
    // One line: previous, the position and next share a row, inside the screen.
    const [p, n] = [await previous.boundingBox(), await next.boundingBox()];
    expect(p && n).toBeTruthy();
    expect(Math.abs(p!.y - n!.y)).toBeLessThan(1);
    expect(await withinScreen(pagination)).toBe(true);
    expect((await pagination.locator('ul').boundingBox())!.height).toBeLessThan(2 * p!.height);
    await next.click();
    await pagination.getByText(/^Page 2 sur \d+$/).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  it('opens the disconnect and hide-review dialogs on the screen, each scrolled whole to its last button', async () => {
    const { page } = await suite.page(NARROW);
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/integrations');
    await page.getByRole('button', { name: 'Déconnecter' }).click();
    const disconnect = page.getByRole('dialog', { name: 'Déconnecter la boutique ?' });
    await expectDialogFitsAndScrolls(page, disconnect, 'Déconnecter la boutique ?', disconnect.getByRole('button', { name: 'Déconnecter' }));
    await expectAccessible(page);
    await disconnect.getByRole('button', { name: 'Annuler' }).click();
    await disconnect.waitFor({ state: 'detached' });

    await page.goto(`${suite.app.url}/app/storefront`);
    const list = page.getByRole('list', { name: 'Avis de la boutique' });
    await list
      .getByRole('button', { name: /^Masquer l’avis de / })
      .first()
      .click();
    const hide = page.getByRole('dialog', { name: 'Masquer cet avis' });
    await expectDialogFitsAndScrolls(page, hide, 'Masquer cet avis', hide.getByRole('button', { name: 'Masquer l’avis' }));
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await hide.waitFor({ state: 'detached' });
  });
});
