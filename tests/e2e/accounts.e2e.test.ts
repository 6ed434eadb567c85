import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import { DEMO, requestPasswordReset, setNewPassword, signIn, signUp, uniqueEmail } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: a merchant with a connected shop on an active plan.
const suite = browserSuite({ DEMO_MODE: 'true' });

const PASSWORD = 'Lumiere-des-Avis-2025';

describe('accounts in a browser', () => {
  it('signs up a new merchant, who lands where the gate sends them (no shop yet: integrations)', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await page.goto(`${suite.app.url}/signup`);
    await expectAccessible(page);
    await signUp(page, suite.app.url, { name: 'Inès Moreau', email: uniqueEmail(), password: PASSWORD });
    await page.waitForURL(`${suite.app.url}/app/integrations`);
    await page.getByRole('heading', { level: 1, name: 'Intégrations' }).waitFor();
  });

  it('sends a signed-out visitor to the login page with a redirect, and back after signing in', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await page.goto(`${suite.app.url}/app/feedback?filtre=5`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/feedback?filtre=5');
    await expectAccessible(page);
    await page.getByLabel(/e-?mail/i).fill(DEMO.email);
    await page.getByLabel(/^mot de passe/i).fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(`${suite.app.url}/app/feedback?filtre=5`);
    await page.getByRole('heading', { level: 1, name: 'Avis clients' }).waitFor();
  });

  it('refuses an open redirect after signing in', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '//evil.example/phish');
    await page.waitForURL(`${suite.app.url}/app/dashboard`);
  });

  it('shows the service message in a red box for wrong credentials', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await signIn(page, suite.app.url, DEMO.email, 'pas-le-bon-mot-de-passe');
    await page.getByRole('alert').getByText('E-mail ou mot de passe incorrect.').waitFor();
    expect(page.url()).toContain('/login');
  });

  it('signs out from the account menu, everywhere', async () => {
    const tracked = await suite.page();
    const { page, context } = tracked;
    await signIn(page, suite.app.url, DEMO.email, DEMO.password);
    await page.waitForURL(`${suite.app.url}/app/dashboard`);
    const secondTab = await context.newPage();
    await secondTab.goto(`${suite.app.url}/app/schedule`);
    await secondTab.getByRole('heading', { level: 1, name: 'Calendrier d’envoi' }).waitFor();

    await page
      .getByRole('button', { name: /compte|menu du compte/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.waitForURL(/\/login/);
    await secondTab.waitForURL(/\/login/);
    await page.goto(`${suite.app.url}/app/dashboard`);
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('keeps the session across a reload', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await signIn(page, suite.app.url, DEMO.email, DEMO.password);
    await page.waitForURL(`${suite.app.url}/app/dashboard`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).waitFor();
    expect(page.url()).toBe(`${suite.app.url}/app/dashboard`);
  });

  it('recovers a forgotten password through the e-mail, then signs in with the new one', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    const email = uniqueEmail('oubli');
    await signUp(page, suite.app.url, { name: 'Hugo Petit', email, password: PASSWORD });
    await page.waitForURL(`${suite.app.url}/app/integrations`);
    await page.context().clearCookies();

    const link = await requestPasswordReset(page, suite.app.url, email);
    await page.goto(link);
    await expectAccessible(page);
    const newPassword = 'Nouveau-Depart-2026';
    await setNewPassword(page, newPassword);

    await signIn(page, suite.app.url, email, PASSWORD);
    await page.getByRole('alert').getByText('E-mail ou mot de passe incorrect.').waitFor();
    await signIn(page, suite.app.url, email, newPassword);
    await page.waitForURL(`${suite.app.url}/app/integrations`);
  });

  it('shows the account settings tabs with the subscription state', async () => {
    const tracked = await suite.page();
    const { page } = tracked;
    await signIn(page, suite.app.url, DEMO.email, DEMO.password, '/app/account-settings?tab=subscription');
    await page.waitForURL(/\/app\/account-settings/);
    await page.getByRole('tab', { name: 'Abonnement' }).waitFor();
    await page.getByText('Actif', { exact: true }).first().waitFor();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Mot de passe' }).click();
    await page
      .getByText(/reconnect/i)
      .first()
      .waitFor();
    await expectAccessible(page);
  });
});
