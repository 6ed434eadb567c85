/**
 * DKIM signatures on the real SMTP path: review requests of a verified store go through the sender
 * and the SMTP pool to an smtp-server on 127.0.0.1, and the bytes that server received are verified
 * by mailauth against the test's own DNS server (never the network).
 */
import type { AddressInfo } from 'node:net';
import { authenticate } from 'mailauth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliverabilityState, SelfTestResult } from '#core/api/deliverability';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { Browserish } from '#tests/support/http';
import { createApp } from '../app';
import type { AppContext } from '../context';
import { createMailer, SIGNED_HEADERS, type Mailer } from '../email/mailer';
import { sendBatch } from '../requests/sender';
import { eq } from 'drizzle-orm';
import * as s from '#db/schema';
import { startLocalDns, type LocalDns } from '#tests/support/local-dns';
import { world } from '#tests/support/world';

const RELAY = '_spf.relais.test';
let ctx: TestContext;
let smtpCtx: AppContext;
let mailer: Mailer;
let dns: LocalDns;
let server: SMTPServer;
const received = new Map<string, { mailFrom: string; raw: Buffer }>();

beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true', MAIL_SPF_INCLUDE: RELAY });
  dns = await startLocalDns();
  // The relay (this machine) is what the merchants' SPF include designates.
  dns.set(RELAY, ['v=spf1 ip4:127.0.0.1 -all']);
  dns.set('avis.localhost', ['v=spf1 ip4:127.0.0.1 -all']);
  ctx.dns = dns.resolve;
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        for (const address of to) received.set(address, { mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  mailer = createMailer(ctx.db, { from: ctx.config.mail.from, transport: 'smtp', smtpUrl: `smtp://127.0.0.1:${port}`, smtpPoolSize: 2, messageIdDomain: 'localhost' });
  smtpCtx = { ...ctx, mailer };
});
afterAll(async () => {
  await mailer.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dns.close();
  await ctx.destroy();
});

let seq = 0;
const uniqueDomain = () => `atelier-${Date.now().toString(36)}-${++seq}.fr`;

/** A merchant (through the HTTP API, on the SMTP context) whose domain is set and, when asked, published and verified. */
async function merchantWithDomain(verify: boolean) {
  const app = createApp(smtpCtx);
  const m = await world(ctx).signedIn(app).store();
  const domain = uniqueDomain();
  const put = await m.browser.json<DeliverabilityState>('/api/settings/deliverability', { method: 'PUT', json: { from_address: `bonjour@${domain}` } });
  expect(put.status).toBe(200);
  if (verify) {
    for (const record of put.body.sender!.records) dns.set(record.name, [record.value]);
    const verified = await m.browser.json<DeliverabilityState>('/api/settings/deliverability/verify', { method: 'POST' });
    expect(verified.body.sender!.verified_at).not.toBeNull();
  }
  return { ...m, app, domain, state: put.body };
}

/** The h= tag of the message's DKIM-Signature, lower-cased names. */
function signedHeaderNames(raw: Buffer): string[] {
  const head = raw
    .toString('latin1')
    .split('\r\n\r\n')[0]!
    .replace(/\r\n[ \t]+/g, ' ');
  const signature = head.split('\r\n').find((line) => /^dkim-signature:/i.test(line)) ?? '';
  const h = /(?:^|;)\s*h=([^;]+)/.exec(signature.slice(signature.indexOf(':') + 1))?.[1] ?? '';
  return h.split(':').map((name) => name.trim().toLowerCase());
}

describe('review requests over SMTP', () => {
  it('are signed for a verified store: mailauth passes DKIM for its domain, aligned, with both one-click headers signed', async () => {
    expect(SIGNED_HEADERS).toContain('List-Unsubscribe');
    expect(SIGNED_HEADERS).toContain('List-Unsubscribe-Post');
    const m = await merchantWithDomain(true);
    const request = await world(ctx).at(m.store).request();
    const result = await sendBatch(smtpCtx, { workerId: 'smtp-test', manual: { storeId: m.store.id, requestIds: [request.id] } });
    expect(result).toMatchObject({ processed: 1, failed: 0 });

    const mail = received.get(request.customerEmail!.toLowerCase())!;
    expect(mail).toBeDefined();
    expect(mail.mailFrom).toBe(`bonjour@${m.domain}`);
    const names = signedHeaderNames(mail.raw);
    expect(names).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']));

    const auth = await authenticate(mail.raw, {
      resolver: dns.resolve as never,
      sender: mail.mailFrom,
      ip: '127.0.0.1',
      helo: 'localhost',
      mta: 'mx.exemple.test',
      disableArc: true,
      disableBimi: true,
    });
    const [signature] = auth.dkim.results;
    expect(auth.dkim.results).toHaveLength(1);
    expect(signature!.status.result).toBe('pass');
    expect(signature!.signingDomain).toBe(m.domain);
    expect(signature!.selector).toBe(m.state.sender!.selector);
    expect(signature!.status.aligned).toBe(m.domain);
    const verifiedNames = ((signature as unknown as { signingHeaders: { keys: string } }).signingHeaders.keys ?? '').split(':').map((k) => k.trim().toLowerCase());
    expect(verifiedNames).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
    // With the merchant's SPF include and DMARC published, a receiver's whole verdict is a pass.
    expect(auth.spf).toMatchObject({ domain: m.domain, status: { result: 'pass' } });
    expect(auth.dmarc).toMatchObject({ status: { result: 'pass' } });
    expect(mail.raw.toString('latin1')).toMatch(new RegExp(`^From: .*<bonjour@${m.domain.replace(/\./g, '\\.')}>\r$`, 'm'));
    expect(mail.raw.toString('latin1')).not.toMatch(/^Reply-To:/m);
  });

  it("go from MAIL_FROM with Reply-To the merchant's address and carry no merchant signature until the domain verifies", async () => {
    const m = await merchantWithDomain(false);
    const request = await world(ctx).at(m.store).request();
    await sendBatch(smtpCtx, { workerId: 'smtp-test', manual: { storeId: m.store.id, requestIds: [request.id] } });
    const mail = received.get(request.customerEmail!.toLowerCase())!;
    const text = mail.raw.toString('latin1');
    expect(mail.mailFrom).toBe('no-reply@avis.localhost');
    expect(text).toMatch(/^From: .*<no-reply@avis\.localhost>\r$/m);
    expect(text).toMatch(new RegExp(`^Reply-To: bonjour@${m.domain.replace(/\./g, '\\.')}\r$`, 'm'));
    expect(text).not.toMatch(/^DKIM-Signature:/im);
    const auth = await authenticate(mail.raw, {
      resolver: dns.resolve as never,
      sender: mail.mailFrom,
      ip: '127.0.0.1',
      helo: 'localhost',
      mta: 'mx.exemple.test',
      disableArc: true,
      disableBimi: true,
      disableDmarc: true,
    });
    expect(auth.dkim.results.some((r) => r.status.result === 'pass')).toBe(false);
  });
});

describe('a signing key that cannot be read', () => {
  it('fails the e-mail as not sent (retried later), never counted as sent, and nothing reaches the relay', async () => {
    const m = await merchantWithDomain(true);
    // As after a change of ENCRYPTION_KEY: the sealed key no longer opens.
    await ctx.db.update(s.storeSenderDomains).set({ dkimPrivateKey: 'v1:illisible' }).where(eq(s.storeSenderDomains.shopId, m.store.id));
    const request = await world(ctx).at(m.store).request();
    const result = await sendBatch(smtpCtx, { workerId: 'smtp-test', manual: { storeId: m.store.id, requestIds: [request.id] } });
    expect(result).toMatchObject({ claimed: 1, processed: 0, failed: 1 });
    const [row] = await ctx.db.select().from(s.shopifyReviewRequests).where(eq(s.shopifyReviewRequests.id, request.id));
    expect(row).toMatchObject({
      status: 'failed',
      failureKind: 'temporary',
      lastError: 'La clé de signature DKIM de la boutique est illisible\u202f: l’e-mail n’est pas parti',
      sentAt: null,
    });
    expect(received.has(request.customerEmail!.toLowerCase())).toBe(false);
  });
});

describe('the self-test over SMTP', () => {
  it('verifies the exact bytes the relay received: all green for a verified store', async () => {
    const m = await merchantWithDomain(true);
    const answer = await m.browser.json<SelfTestResult>('/api/settings/deliverability/self-test', { method: 'POST' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ sent_to: 'deliverability-test@localhost', from_address: `bonjour@${m.domain}`, passed: true });
    expect(answer.body.checks.every((c) => c.passed)).toBe(true);
    // It did go through the relay.
    const mail = received.get('deliverability-test@localhost')!;
    expect(mail.raw.toString('latin1')).toContain(`d=${m.domain};`);
  });

  it('answers 502 self_test_failed when the relay cannot be reached', async () => {
    const m = await merchantWithDomain(true);
    const dead = createMailer(ctx.db, { from: ctx.config.mail.from, transport: 'smtp', smtpUrl: 'smtp://127.0.0.1:1', smtpPoolSize: 1, messageIdDomain: 'localhost' });
    try {
      const app = createApp({ ...smtpCtx, mailer: dead });
      // The same session works on another app over the same database.
      const browser = new Browserish(app);
      browser.cookies = m.browser.cookies;
      const answer = await browser.json<{ code: string; error: string }>('/api/settings/deliverability/self-test', { method: 'POST' });
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({ code: 'self_test_failed', error: 'L’e-mail de test n’a pas pu être envoyé ou relu. Réessayez dans quelques minutes.' });
    } finally {
      await dead.close();
    }
  });
});
