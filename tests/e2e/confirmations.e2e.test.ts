import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import { DEMO, latestEmailTo, signIn, signUp, uniqueEmail } from './support/flows';
import { browserSuite } from './support/suite';

// Demo mode: a merchant with a connected shop on an active plan.
const suite = browserSuite({ DEMO_MODE: 'true' });

const PASSWORD = 'Lumiere-des-Avis-2025';

/** The link's path in an e-mail's text, on this server. */
function linkIn(text: string, pattern: RegExp): string {
  const path = pattern.exec(text)?.[0];
  if (!path) throw new Error(`no link matching ${pattern} in:\n${text}`);
  return `${suite.app.url}${path}`;
}

describe('confirmations in a browser (decision 022)', () => {
  it('a new alert address waits for its confirmation, is confirmed from its mailbox, and shows it', async () => {
    const { page } = await suite.page();
    await signIn(page, suite.app.url, DEMO.email, DEMO.password);
    await page.waitForURL(`${suite.app.url}/app/dashboard`);
    await page.goto(`${suite.app.url}/app/settings`);
    const address = uniqueEmail('alertes');
    await page.getByLabel('E-mail de notification').fill(address);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText('En attente de confirmation').waitFor();
    await page.getByRole('button', { name: 'Renvoyer le lien' }).waitFor();
    await expectAccessible(page);

    const mail = await latestEmailTo(suite.app.url, address);
    expect(mail.subject).toMatch(/^Confirmez votre adresse pour les alertes de /);
    const link = linkIn(mail.text, /\/confirm-recipient\/[A-Za-z0-9_-]+/);

    // Its owner, in another browser without a session.
    const { page: mailbox } = await suite.page();
    await mailbox.goto(link);
    await mailbox.getByText(/souhaite vous envoyer ses alertes d’avis clients/).waitFor();
    await expectAccessible(mailbox);
    await mailbox.getByRole('button', { name: 'Confirmer mon adresse' }).click();
    await mailbox.getByRole('heading', { name: 'Adresse confirmée' }).waitFor();
    // Used up: the same link is refused.
    await mailbox.goto(link);
    await mailbox.getByText('Lien invalide ou expiré').waitFor();

    await page.reload();
    await page.getByText('Adresse confirmée').waitFor();
    expect(await page.getByText('En attente de confirmation').count()).toBe(0);
  });

  it('a new account e-mail applies only once confirmed from it, and the old address is told', async () => {
    const { page } = await suite.page();
    const oldEmail = uniqueEmail('ancienne');
    await signUp(page, suite.app.url, { name: 'Nina Roux', email: oldEmail, password: PASSWORD });
    await page.waitForURL(`${suite.app.url}/app/integrations`);
    await page.goto(`${suite.app.url}/app/account-settings?tab=profile`);
    const newEmail = uniqueEmail('nouvelle');
    await page.getByLabel('Adresse e-mail').fill(newEmail);
    await page.getByRole('tabpanel').getByLabel('Mot de passe actuel', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText(`Un lien de confirmation a été envoyé à ${newEmail}.`, { exact: false }).waitFor();
    await expectAccessible(page);
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(oldEmail);

    const notice = await latestEmailTo(suite.app.url, oldEmail);
    expect(notice.subject).toBe('Demande de changement de l’adresse e-mail de votre compte');
    expect(notice.text).toContain(newEmail);

    const mail = await latestEmailTo(suite.app.url, newEmail);
    expect(mail.subject).toBe('Confirmez votre nouvelle adresse e-mail');
    await page.goto(linkIn(mail.text, /\/confirm-email\/[A-Za-z0-9._%-]+/));
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Confirmer ma nouvelle adresse' }).click();
    await page.waitForURL(/\/email-changed\?outcome=changed$/);
    await page.getByRole('heading', { name: 'Adresse e-mail modifiée' }).waitFor();
    await page.getByText('Votre compte utilise désormais sa nouvelle adresse e-mail.').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Retour aux paramètres du compte' }).click();
    await page
      .getByRole('tab', { name: /Informations|Profil/ })
      .first()
      .click();
    await page.waitForFunction((expected) => (document.querySelector('input[type="email"]') as HTMLInputElement | null)?.value === expected, newEmail);

    // The old address no longer signs in; the new one does.
    await page.context().clearCookies();
    await signIn(page, suite.app.url, newEmail, PASSWORD);
    await page.waitForURL(`${suite.app.url}/app/integrations`);
  });
});
