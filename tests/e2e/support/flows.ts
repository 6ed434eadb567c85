/** Steps a person takes, shared by browser tests. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO = { email: 'demo@avis-clients.test', password: 'demo-avis-clients' } as const;

/** The session cookie the demo merchant's sign-in sets, as a Cookie header (for fetch, Lighthouse, a browser context). */
export async function demoSessionCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  if (!res.ok) throw new Error(`the demo merchant's sign-in answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((header) => header.split(';')[0]!);
  if (!cookies.length) throw new Error('the sign-in set no cookie');
  return cookies.join('; ');
}

/** A Cookie header as the cookies of a browser context on `url` (BrowserContext.addCookies). */
export function contextCookies(header: string, url: string): Array<{ name: string; value: string; url: string }> {
  return header.split('; ').map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url }));
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string, redirect?: string) {
  await page.goto(`${baseUrl}/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/^mot de passe/i).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

export async function signUp(page: Page, baseUrl: string, user: { name: string; email: string; password: string }) {
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel('Nom complet').fill(user.name);
  await page.getByLabel('Adresse email').fill(user.email);
  await page.getByLabel(/^mot de passe/i).fill(user.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
}

/** The newest e-mail sent to `to`, read from the local outbox API. */
export async function latestEmailTo(baseUrl: string, to: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { emails: { id: string }[] };
    if (list.emails[0]) {
      const detail = (await (await fetch(`${baseUrl}/api/dev/outbox/${list.emails[0].id}`)).json()) as {
        email: { subject: string; text: string; html: string; headers: Record<string, string> };
      };
      return detail.email;
    }
    if (Date.now() > deadline) {
      const recent = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as { emails: { to: string }[] };
      throw new Error(
        `no e-mail to ${to} within ${timeoutMs} ms (latest: ${
          recent.emails
            .slice(0, 5)
            .map((e) => e.to)
            .join(', ') || 'none'
        })`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function uniqueEmail(prefix = 'marchand') {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@exemple.test`;
}

/** POSTs to the local Shopify's control API (mounted by the app in demo mode) and returns its JSON answer. */
export async function emulatorControl<T>(baseUrl: string, path: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/_shopify/control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** « Mot de passe oublié » from the sign-in page for `email`: answers the reset link the e-mail carries. */
export async function requestPasswordReset(page: Page, baseUrl: string, email: string): Promise<string> {
  await page.goto(`${baseUrl}/login`);
  await page
    .getByRole('button', { name: 'Mot de passe oublié ?' })
    .or(page.getByRole('link', { name: 'Mot de passe oublié ?' }))
    .click();
  await page.getByRole('heading', { name: 'Mot de passe oublié' }).waitFor();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await page.getByText('Un email de réinitialisation a été envoyé à votre adresse. Vérifiez votre boîte de réception.').waitFor();
  const mail = await latestEmailTo(baseUrl, email);
  return /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)![0];
}

/** On the reset page a link opened: types `password` twice and waits for « Mot de passe modifié avec succès ». */
export async function setNewPassword(page: Page, password: string) {
  const fields = page.getByLabel(/mot de passe/i);
  await fields.nth(0).fill(password);
  await fields.nth(1).fill(password);
  await page.getByRole('button', { name: /réinitialiser|enregistrer|valider|changer/i }).click();
  await page
    .getByText(/Mot de passe modifié avec succès/)
    .first()
    .waitFor();
}
