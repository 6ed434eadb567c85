/**
 * 'Délivrabilité' (decision 017) through the HTTP API: the sending address and its sealed DKIM key,
 * the records to publish, 'Vérifier' against a DNS server of the test's own (right, wrong, missing,
 * failing), the sender identity that follows, and the self-test on the outbox transport.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { DELIVERABILITY_CHECKS_PER_HOUR, type DeliverabilityState, type SelfTestResult } from '#core/api/deliverability';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { createApp } from '../app';
import { composeEmail } from '../email/mailer';
import { MONTH_METRIC } from '../plans/quota';
import { sendBatch } from '../requests/sender';
import { unseal } from '../security/encryption';
import { verifyMessage } from './self-test';
import { recheckSenderDomainsJob } from './jobs';
import { RECHECK_AFTER_HOURS, recheckVerifiedDomains } from './service';
import { startLocalDns, type LocalDns } from '#tests/support/local-dns';
import { world } from '#tests/support/world';

const RELAY = '_spf.relais.test';
let ctx: TestContext;
let app: ReturnType<typeof createApp>;
let dns: LocalDns;

beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true', MAIL_SPF_INCLUDE: RELAY });
  dns = await startLocalDns();
  ctx.dns = dns.resolve;
  app = createApp(ctx);
});
afterAll(async () => {
  await dns.close();
  await ctx.destroy();
});

type Answer<T> = T & { error?: string; code?: string; field?: string };
let seq = 0;
const uniqueDomain = () => `boutique-${Date.now().toString(36)}-${++seq}.fr`;
const PATH = '/api/settings/deliverability';

async function merchant() {
  const m = await world(ctx).signedIn(app).store({ shopName: 'Maison Lumière' });
  const put = (from_address: string) => m.browser.json<Answer<DeliverabilityState>>(PATH, { method: 'PUT', json: { from_address } });
  const verify = () => m.browser.json<Answer<DeliverabilityState>>(`${PATH}/verify`, { method: 'POST' });
  const selfTest = () => m.browser.json<Answer<SelfTestResult>>(`${PATH}/self-test`, { method: 'POST' });
  const read = () => m.browser.json<Answer<DeliverabilityState>>(PATH);
  return { ...m, email: m.email, put, verify, selfTest, read };
}

/** Publishes the records as the merchant would (the domain also carries an unrelated TXT, as real ones do). */
function publish(state: DeliverabilityState) {
  const [dkim, spf, dmarc] = state.sender!.records;
  dns.set(dkim!.name, [dkim!.value]);
  dns.set(spf!.name, ['google-site-verification=abc123', spf!.value]);
  dns.set(dmarc!.name, [dmarc!.value]);
  // The relay's own SPF, so that mailauth's SPF evaluation of the envelope finds something.
  dns.set(RELAY, ['v=spf1 ip4:127.0.0.1 -all']);
}

async function verifiedMerchant() {
  const m = await merchant();
  const domain = uniqueDomain();
  const put = await m.put(`avis@${domain}`);
  expect(put.status).toBe(200);
  publish(put.body);
  const verified = await m.verify();
  expect(verified.body.sender!.verified_at).not.toBeNull();
  return { ...m, domain, state: verified.body };
}

/** A header field of a raw message, its folded lines joined. */
function unfoldedHeader(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return head.split('\r\n').find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
}

const senderRow = async (storeId: string) => (await ctx.db.select().from(s.storeSenderDomains).where(eq(s.storeSenderDomains.shopId, storeId)))[0];
const statuses = (state: DeliverabilityState) => Object.fromEntries(state.sender!.records.map((r) => [r.kind, r.status]));
const record = (state: DeliverabilityState, kind: string) => state.sender!.records.find((r) => r.kind === kind)!;

describe('PUT, GET and DELETE /api/settings/deliverability', () => {
  it('makes a sealed RSA 2048 key pair for a new domain and answers the three records to publish', async () => {
    const m = await merchant();
    const before = await m.read();
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ app_from_address: 'no-reply@avis.localhost', sender: null, reply_to: null });

    const domain = uniqueDomain();
    const put = await m.put(`  Contact@${domain.toUpperCase()} `);
    expect(put.status).toBe(200);
    const sender = put.body.sender!;
    expect(sender).toMatchObject({ from_address: `contact@${domain}`, domain, verified_at: null, last_checked_at: null });
    expect(sender.selector).toMatch(/^avis\d{6}[0-9a-f]{6}$/);
    // Until verified, customers' answers reach the merchant through Reply-To.
    expect(put.body.reply_to).toBe(`contact@${domain}`);

    const row = (await senderRow(m.store.id))!;
    // The database holds no private key in clear: only the sealed form, which opens to a PKCS#8 PEM.
    expect(row.dkimPrivateKey).toMatch(/^v1\./);
    expect(row.dkimPrivateKey).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(row)).not.toContain('BEGIN');
    const pem = unseal(ctx.config.encryptionKey, row.dkimPrivateKey);
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const privateKey = createPrivateKey(pem);
    expect(privateKey.asymmetricKeyType).toBe('rsa');
    expect(privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // The published p= is the private key's own public half (base64 DER SubjectPublicKeyInfo).
    const publicDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(row.dkimPublicKey).toBe(publicDer);

    expect(sender.records).toEqual([
      { kind: 'dkim', type: 'TXT', name: `${sender.selector}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicDer}`, status: 'unchecked', detail: null },
      { kind: 'spf', type: 'TXT', name: domain, value: `v=spf1 include:${RELAY} ~all`, status: 'unchecked', detail: null },
      { kind: 'dmarc', type: 'TXT', name: `_dmarc.${domain}`, value: `v=DMARC1; p=none; rua=mailto:contact@${domain}`, status: 'unchecked', detail: null },
    ]);
    expect((await m.read()).body).toEqual(put.body);
  });

  it('keeps the key and the verification for a new address on the same domain, and starts over for another domain', async () => {
    const m = await verifiedMerchant();
    const first = (await senderRow(m.store.id))!;

    const sameDomain = await m.put(`service-client@${m.domain}`);
    expect(sameDomain.status).toBe(200);
    expect(sameDomain.body.sender).toMatchObject({ from_address: `service-client@${m.domain}`, selector: first.selector, verified_at: first.verifiedAt!.toISOString() });
    expect(record(sameDomain.body, 'dkim').status).toBe('ok');
    expect(sameDomain.body.reply_to).toBeNull();
    const kept = (await senderRow(m.store.id))!;
    expect(kept.dkimPrivateKey).toBe(first.dkimPrivateKey);
    expect(kept.dkimPublicKey).toBe(first.dkimPublicKey);

    const other = uniqueDomain();
    const moved = await m.put(`avis@${other}`);
    expect(moved.status).toBe(200);
    expect(moved.body.sender).toMatchObject({ domain: other, verified_at: null, last_checked_at: null });
    expect(moved.body.sender!.selector).not.toBe(first.selector);
    expect(statuses(moved.body)).toEqual({ dkim: 'unchecked', spf: 'unchecked', dmarc: 'unchecked' });
    const fresh = (await senderRow(m.store.id))!;
    expect(fresh.dkimPublicKey).not.toBe(first.dkimPublicKey);
    expect(unseal(ctx.config.encryptionKey, fresh.dkimPrivateKey)).not.toBe(unseal(ctx.config.encryptionKey, first.dkimPrivateKey));
  });

  it('forgets the address and its key on DELETE', async () => {
    const m = await verifiedMerchant();
    const removed = await m.browser.json<Answer<DeliverabilityState>>(PATH, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.sender).toBeNull();
    expect(await senderRow(m.store.id)).toBeUndefined();
  });

  it('refuses a malformed address and free-mail domains with a French 400, storing nothing', async () => {
    const m = await merchant();
    const bad = await m.put('pas-une-adresse');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid_input', field: 'from_address', error: 'L’adresse d’expédition n’est pas valide' });
    expect((await m.put('')).body).toMatchObject({ code: 'invalid_input', error: 'L’adresse d’expédition est requise' });
    for (const address of [
      'boutique@gmail.com',
      'boutique@outlook.fr',
      'boutique@hotmail.com',
      'boutique@yahoo.co.uk',
      'boutique@orange.fr',
      'boutique@free.fr',
      'boutique@laposte.net',
      'boutique@icloud.com',
      'boutique@gmx.de',
      'boutique@proton.me',
    ]) {
      const refused = await m.put(address);
      expect(refused.status, address).toBe(400);
      expect(refused.body.code).toBe('invalid_input');
      expect(refused.body.field).toBe('from_address');
      expect(refused.body.error).toMatch(/^Utilisez une adresse de votre propre nom de domaine/);
    }
    expect(await senderRow(m.store.id)).toBeUndefined();
    // A company's own sub-domain that happens to start like a provider is its own.
    expect((await m.put(`avis@live.${uniqueDomain()}`)).status).toBe(200);
  });
});

describe('POST /api/settings/deliverability/verify', () => {
  it('answers 409 before any address is set', async () => {
    const m = await merchant();
    const answer = await m.verify();
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'sender_domain_not_set', error: 'Enregistrez d’abord une adresse d’expédition sur votre nom de domaine.' });
  });

  it('verifies when all three records are right, and takes the verification back when one breaks', async () => {
    const m = await merchant();
    const domain = uniqueDomain();
    const put = await m.put(`avis@${domain}`);
    const dkim = record(put.body, 'dkim');
    const spf = record(put.body, 'spf');
    const dmarc = record(put.body, 'dmarc');

    // Nothing published: all missing, not verified.
    const none = await m.verify();
    expect(none.status).toBe(200);
    expect(statuses(none.body)).toEqual({ dkim: 'missing', spf: 'missing', dmarc: 'missing' });
    expect(record(none.body, 'dkim').detail).toMatch(/^Aucun enregistrement TXT trouvé à ce nom/);
    expect(none.body.sender!.verified_at).toBeNull();
    expect(none.body.sender!.last_checked_at).not.toBeNull();

    // Two of three right: still not verified.
    dns.set(dkim.name, [dkim.value]);
    dns.set(dmarc.name, ['v=DMARC1; p=quarantine; pct=100']);
    dns.set(domain, ['google-site-verification=xyz']);
    const partial = await m.verify();
    expect(statuses(partial.body)).toEqual({ dkim: 'ok', spf: 'missing', dmarc: 'ok' });
    expect(record(partial.body, 'spf').detail).toContain('Aucun enregistrement SPF (v=spf1)');
    expect(record(partial.body, 'spf').detail).toContain('google-site-verification=xyz');
    expect(partial.body.sender!.verified_at).toBeNull();

    // All right (the merchant's own SPF with the include among others): verified, mail goes from the address.
    dns.set(domain, ['google-site-verification=xyz', `v=spf1 include:_spf.google.com include:${RELAY} ~all`]);
    const right = await m.verify();
    expect(statuses(right.body)).toEqual({ dkim: 'ok', spf: 'ok', dmarc: 'ok' });
    expect(right.body.sender!.records.every((r) => r.detail === null)).toBe(true);
    const verifiedAt = right.body.sender!.verified_at;
    expect(verifiedAt).not.toBeNull();
    expect(right.body.reply_to).toBeNull();
    // Still right: verified since the first time.
    expect((await m.verify()).body.sender!.verified_at).toBe(verifiedAt);

    // Another key at the DKIM name: wrong, and the verification is gone.
    const { publicKey: otherKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    dns.set(dkim.name, [`v=DKIM1; k=rsa; p=${otherKey.toString('base64')}`]);
    const otherP = await m.verify();
    expect(record(otherP.body, 'dkim')).toMatchObject({ status: 'wrong' });
    expect(record(otherP.body, 'dkim').detail).toMatch(/^Un enregistrement DKIM est publié, mais avec une autre clé publique\s: «\sv=DKIM1; k=rsa; p=/);
    expect(record(otherP.body, 'dkim').detail!.length).toBeLessThan(300);
    expect(otherP.body.sender!.verified_at).toBeNull();
    expect(otherP.body.reply_to).toBe(`avis@${domain}`);
    expect((await senderRow(m.store.id))!.verifiedAt).toBeNull();

    // SPF without the relay's include: wrong.
    dns.set(dkim.name, [dkim.value]);
    dns.set(domain, ['v=spf1 include:_spf.google.com -all']);
    const noInclude = await m.verify();
    expect(record(noInclude.body, 'spf')).toMatchObject({ status: 'wrong' });
    expect(record(noInclude.body, 'spf').detail).toContain(`include:${RELAY} manquant`);
    expect(record(noInclude.body, 'spf').detail).toContain('v=spf1 include:_spf.google.com -all');
    expect(noInclude.body.sender!.verified_at).toBeNull();

    // Two SPF records (each would be right alone): a permerror for every receiver, so wrong.
    dns.set(domain, [spf.value, 'v=spf1 include:_spf.google.com ~all']);
    const twoSpf = await m.verify();
    expect(record(twoSpf.body, 'spf')).toMatchObject({ status: 'wrong' });
    expect(record(twoSpf.body, 'spf').detail).toMatch(/^2 enregistrements SPF sont publiés/);

    // DMARC without a policy: wrong; DMARC removed: missing.
    dns.set(domain, [spf.value]);
    dns.set(dmarc.name, ['v=DMARC1; rua=mailto:x@exemple.test']);
    expect(record((await m.verify()).body, 'dmarc')).toMatchObject({ status: 'wrong' });
    dns.remove(dmarc.name);
    const noDmarc = await m.verify();
    expect(statuses(noDmarc.body)).toEqual({ dkim: 'ok', spf: 'ok', dmarc: 'missing' });
    expect(noDmarc.body.sender!.verified_at).toBeNull();

    // Back to right: verified again, from now.
    dns.set(dmarc.name, [dmarc.value]);
    const again = await m.verify();
    expect(again.body.sender!.verified_at).not.toBeNull();
    expect(again.body.sender!.verified_at! > verifiedAt!).toBe(true);
    expect((await m.read()).body).toEqual(again.body);
  });

  it('is done again by the periodic job: a verified domain whose DKIM record went away falls back to the app address', async () => {
    const m = await verifiedMerchant();
    const age = (hours: number) =>
      ctx.db
        .update(s.storeSenderDomains)
        .set({ lastCheckedAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(s.storeSenderDomains.shopId, m.store.id));
    // Checked recently: left alone, even though the record is gone.
    const dkim = m.state.sender!.records.find((r) => r.kind === 'dkim')!;
    dns.remove(dkim.name);
    await recheckSenderDomainsJob.run({ tick: new Date().toISOString() }, ctx, { id: 'r', attempts: 1, maxAttempts: 3 });
    expect((await senderRow(m.store.id))!.verifiedAt).not.toBeNull();
    // Older than the re-check age: looked up again, and no longer verified.
    await age(RECHECK_AFTER_HOURS + 1);
    expect(await recheckVerifiedDomains(ctx)).toMatchObject({ unverified: expect.any(Number) });
    const row = await senderRow(m.store.id);
    expect(row!.verifiedAt).toBeNull();
    expect(Date.now() - row!.lastCheckedAt!.getTime()).toBeLessThan(60_000);
    // The next e-mail goes from the app's address, unsigned, with Reply-To the merchant's.
    const request = await world(ctx).at(m.store).request();
    await sendBatch(ctx, { workerId: 'recheck-test', manual: { storeId: m.store.id, requestIds: [request.id] } });
    const [mail] = await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, request.customerEmail!));
    expect(mail!.fromAddress).toMatch(/<no-reply@avis\.localhost>$/);
    expect(mail!.raw).not.toMatch(/^DKIM-Signature:/im);
  });

  it('reports a failed lookup (SERVFAIL) as missing with the reason, never as a server error', async () => {
    const m = await merchant();
    const domain = uniqueDomain();
    const put = await m.put(`avis@${domain}`);
    publish(put.body);
    dns.fail(`_dmarc.${domain}`);
    const answer = await m.verify();
    expect(answer.status).toBe(200);
    expect(record(answer.body, 'dmarc')).toMatchObject({ status: 'missing' });
    expect(record(answer.body, 'dmarc').detail).toMatch(/^La recherche DNS a échoué \(ESERVFAIL\)/);
    expect(answer.body.sender!.verified_at).toBeNull();
  });

  it(`allows ${DELIVERABILITY_CHECKS_PER_HOUR} checks per store and hour, shared with the self-test`, async () => {
    const m = await merchant();
    await m.put(`avis@${uniqueDomain()}`);
    for (let i = 0; i < DELIVERABILITY_CHECKS_PER_HOUR; i++) expect((await m.verify()).status).toBe(200);
    const limited = await m.verify();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await m.selfTest()).status).toBe(429);
    // Another store is not limited by this one.
    const other = await merchant();
    await other.put(`avis@${uniqueDomain()}`);
    expect((await other.verify()).status).toBe(200);
  });
});

describe('who a store mail is from', () => {
  const outboxRow = async (messageId: string) => (await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.messageId, messageId)))[0]!;

  it('sends an unverified store review requests from MAIL_FROM with Reply-To its address, without its signature', async () => {
    const m = await merchant();
    const domain = uniqueDomain();
    publish((await m.put(`avis@${domain}`)).body);
    const request = await world(ctx).at(m.store).request();
    await sendBatch(ctx, { workerId: 'test', manual: { storeId: m.store.id, requestIds: [request.id] } });
    const mail = await outboxRow(`review-${request.id}@localhost`);
    expect(mail.fromAddress).toBe('"Maison Lumière" <no-reply@avis.localhost>');
    expect(mail.headers).toMatchObject({ 'Reply-To': `avis@${domain}` });
    // The stored raw message is what left: no signature for a domain that did not verify.
    expect(mail.raw).toMatch(/^From: .*<no-reply@avis\.localhost>\r$/m);
    expect(mail.raw).toMatch(/^Reply-To: avis@/m);
    expect(mail.raw).not.toMatch(/^DKIM-Signature:/m);
  });

  it('sends a verified store review requests, and its template test e-mail, from its address, signed for its domain', async () => {
    const m = await verifiedMerchant();
    const request = await world(ctx).at(m.store).request();
    await sendBatch(ctx, { workerId: 'test', manual: { storeId: m.store.id, requestIds: [request.id] } });
    const mail = await outboxRow(`review-${request.id}@localhost`);
    expect(mail.fromAddress).toBe(`"Maison Lumière" <avis@${m.domain}>`);
    expect(mail.headers['Reply-To']).toBeUndefined();
    expect(mail.raw).toMatch(/^DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed;/);
    expect(unfoldedHeader(mail.raw!, 'DKIM-Signature')).toContain(`d=${m.domain}; q=dns/txt; s=${m.state.sender!.selector};`);
    expect(mail.raw).toMatch(new RegExp(`^From: .*<avis@${m.domain.replace(/\./g, '\\.')}>\r$`, 'm'));
    // The outbox keeps its other columns as before.
    expect(mail.html).toContain('Maison Lumière');
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const test = await m.browser.json('/api/email-templates/test', {
      json: {
        subject: 'Votre avis sur {{ order_number }}',
        from_name: 'Atelier',
        body_content: 'Merci {{ customer_name }}.',
        button_text: 'Donner mon avis',
        button_url_template: '{{ review_link }}',
        button_color: '#7c3aed',
        footer_text: null,
      },
    });
    expect(test.status).toBe(200);
    const [testMail] = await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, m.email));
    expect(testMail!.fromAddress).toBe(`"Atelier" <avis@${m.domain}>`);
    expect(testMail!.raw).toMatch(/^DKIM-Signature: /);
  });
});

describe('POST /api/settings/deliverability/self-test (outbox transport)', () => {
  const monthUsage = async (shopDomain: string) =>
    (await ctx.db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, shopDomain))).find((r) => r.metric === MONTH_METRIC)?.value ?? 0;

  it('is all green for a verified store, reads the message back from the mailbox, and costs no quota', async () => {
    const m = await verifiedMerchant();
    const answer = await m.selfTest();
    expect(answer.status).toBe(200);
    expect(answer.body.sent_to).toBe('deliverability-test@localhost');
    expect(answer.body.from_address).toBe(`avis@${m.domain}`);
    expect(answer.body.checks.map((c) => [c.id, c.passed])).toEqual([
      ['dkim_valid', true],
      ['alignment', true],
      ['one_click_unsubscribe', true],
      ['text_part', true],
      ['html_size', true],
    ]);
    expect(answer.body.passed).toBe(true);
    expect(answer.body.checks[0]!.detail).toBe(`Signature DKIM valide pour ${m.domain} (sélecteur ${m.state.sender!.selector}).`);
    expect(answer.body.checks[4]!.detail).toMatch(/^HTML de [\d,]+ Ko, sous la limite de 100 Ko/);
    const [mail] = await ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, 'deliverability-test@localhost'));
    expect(mail).toBeDefined();
    expect(await monthUsage(m.store.shopDomain)).toBe(0);
  });

  it('shows red when the published key no longer matches the signature, and for an unverified store', async () => {
    const m = await verifiedMerchant();
    const dkim = record(m.state, 'dkim');
    const { publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    dns.set(dkim.name, [`v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`]);
    const broken = await m.selfTest();
    expect(broken.status).toBe(200);
    const byId = Object.fromEntries(broken.body.checks.map((c) => [c.id, c]));
    expect(byId.dkim_valid).toMatchObject({ passed: false });
    expect(byId.dkim_valid!.detail).toMatch(new RegExp(`^La signature DKIM pour ${m.domain.replace(/\./g, '\\.')} ne se vérifie pas \\(bad signature\\)`));
    expect(byId.alignment!.passed).toBe(false);
    expect(byId.one_click_unsubscribe).toMatchObject({ passed: false, detail: expect.stringMatching(/non couvert par une signature valide/) });
    expect(byId.text_part!.passed).toBe(true);
    expect(broken.body.passed).toBe(false);

    const unverified = await merchant();
    await unverified.put(`avis@${uniqueDomain()}`);
    const answer = await unverified.selfTest();
    expect(answer.body.from_address).toBe('no-reply@avis.localhost');
    expect(answer.body.checks.map((c) => [c.id, c.passed])).toEqual([
      ['dkim_valid', false],
      ['alignment', false],
      ['one_click_unsubscribe', false],
      ['text_part', true],
      ['html_size', true],
    ]);
    expect(answer.body.checks[0]!.detail).toMatch(/^Aucune signature DKIM/);
  });

  it('flags a missing unsubscribe header, a header left out of the signature, no text part and HTML over 100 KB', async () => {
    const m = await verifiedMerchant();
    const row = (await senderRow(m.store.id))!;
    const dkim = { domainName: m.domain, keySelector: row.selector, privateKey: unseal(ctx.config.encryptionKey, row.dkimPrivateKey) };
    const verify = async (email: Parameters<typeof composeEmail>[0]) => {
      const { raw } = await composeEmail(email, 'no-reply@avis.localhost', `t-${Math.random()}@localhost`);
      return Object.fromEntries((await verifyMessage(raw, { resolve: dns.resolve, sender: `avis@${m.domain}`, mta: 'localhost' })).map((c) => [c.id, c]));
    };
    const base = { to: 'x@exemple.test', from: `avis@${m.domain}`, subject: 'Test', dkim };

    const noPost = await verify({ ...base, html: '<p>ok</p>', text: 'ok', headers: { 'List-Unsubscribe': '<https://a.test/u>' } });
    expect(noPost.dkim_valid!.passed).toBe(true);
    expect(noPost.one_click_unsubscribe).toEqual({
      id: 'one_click_unsubscribe',
      passed: false,
      detail: 'En-tête de désinscription en un clic absent\u202f: List-Unsubscribe-Post.',
    });

    // A header added after signing (as a relay could) is present but not covered by the signature.
    const { raw: signed } = await composeEmail({ ...base, html: '<p>ok</p>', text: 'ok', headers: { 'List-Unsubscribe': '<https://a.test/u>' } }, 'x@a.test', 'y@localhost');
    const tampered = Buffer.from(`List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n${signed.toString('latin1')}`, 'latin1');
    const late = Object.fromEntries((await verifyMessage(tampered, { resolve: dns.resolve, sender: `avis@${m.domain}`, mta: 'localhost' })).map((c) => [c.id, c]));
    expect(late.dkim_valid!.passed).toBe(true);
    expect(late.one_click_unsubscribe).toEqual({
      id: 'one_click_unsubscribe',
      passed: false,
      detail: 'En-tête de désinscription présent mais non couvert par une signature valide\u202f: List-Unsubscribe-Post.',
    });

    const headers = { 'List-Unsubscribe': '<https://a.test/u>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
    const htmlOnly = await verify({ ...base, html: `<p>${'é'.repeat(60_000)}</p>`, headers });
    expect(htmlOnly.one_click_unsubscribe!.passed).toBe(true);
    expect(htmlOnly.text_part!.passed).toBe(false);
    // 60,000 "é" are 120,000 bytes of UTF-8 once decoded from quoted-printable.
    expect(htmlOnly.html_size).toMatchObject({ passed: false, detail: expect.stringMatching(/^HTML de 117,2 Ko\s: au-delà de 100 Ko/) });
  });
});
