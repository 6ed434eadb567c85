/**
 * The deliverability self-test (decision 017): the store's real review e-mail (its template, its
 * sender identity, the one-click unsubscribe headers the sender sets) goes through the app's real
 * transport to a mailbox the app controls, and the message as it left is verified with mailauth,
 * the library receiving servers' checks are modelled on:
 * - dkim_valid: a DKIM signature that verifies against the key published in DNS;
 * - alignment: a passing signature whose d= matches the From's domain (relaxed, DMARC's rule);
 * - one_click_unsubscribe: List-Unsubscribe and List-Unsubscribe-Post present AND both covered by
 *   the passing signature (RFC 8058 §4);
 * - text_part: a text/plain alternative;
 * - html_size: the HTML under 100 KB (Gmail clips at 102 KB).
 * Not counted in the plan's quota (it goes to our mailbox, not a customer); rate-limited with 'Vérifier'.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DNSResolver } from 'mailauth';
import type { SelfTestCheckId, SelfTestResult } from '#core/api/deliverability';
import { emailOutbox } from '#db/schema';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { renderStoreReviewEmail } from '../email-templates/service';
import { inTemplateTurn } from '../email-templates/turns';
import { selfTestMessages as m } from '../messages/deliverability';
import { oneClickUnsubscribeHeaders, requestLinks } from '../requests/links';
import { storeDisplayName } from '../stores/service';
import type { TenantStore } from '../stores/tenancy';
import { dnsOf, type DnsResolve } from './dns';
import { addressOf, takeCheck } from './service';
import { storeSenderIdentity } from '../email/store-sender-identity';

/** Gmail clips a message's HTML beyond 102 KB; we keep a margin. */
export const HTML_LIMIT_BYTES = 100 * 1024;

/** The token in the test e-mail's links: no request has it, so following them changes nothing. */
const SELF_TEST_TOKEN = 'test-delivrabilite';

type Check = SelfTestResult['checks'][number];

interface DkimOutcome {
  signingDomain: string;
  selector?: string;
  status: { result: string; comment?: string | false; aligned?: string | false };
  signingHeaders?: { keys?: string };
}

export interface VerifyOptions {
  resolve: DnsResolve;
  /** MAIL FROM of the envelope. */
  sender: string;
  /** The host name the checks are reported under (our own). */
  mta: string;
}

/** Judges a raw message as a receiving server would; pure but for the DNS lookups. */
export async function verifyMessage(raw: Buffer, options: VerifyOptions): Promise<Check[]> {
  // Loaded on first use: only the self-test needs them, and mailauth alone holds a heap an idle
  // process would otherwise keep (decision 027's memory diagnosis).
  const [{ authenticate }, { default: PostalMime }] = await Promise.all([import('mailauth'), import('postal-mime')]);
  const result = await authenticate(raw, {
    resolver: options.resolve as DNSResolver,
    sender: options.sender,
    // The relay's address is not known here: SPF is the relay's business and no check of ours reads it.
    ip: '127.0.0.1',
    helo: options.mta,
    mta: options.mta,
    // Alignment is judged on the DKIM result below; ARC, BIMI and DMARC would only add lookups.
    disableArc: true,
    disableBimi: true,
    disableDmarc: true,
  });
  // postal-mime (from mailauth's maintainers) reads the message as a mail client would.
  const email = await PostalMime.parse(raw);
  const fields = email.headers.map((h) => ({ name: h.key, value: h.value.trim() }));
  const fromDomain = (result.dkim.headerFrom[0] ?? '').split('@').pop() ?? '';
  // An unsigned message still gets one result (status none, 'message not signed'): no signature at all.
  const signatures = ((result.dkim.results ?? []) as unknown as DkimOutcome[]).filter((r) => r.signingDomain && r.status.result !== 'none');
  const passing = signatures.filter((s) => s.status.result === 'pass');
  const aligned = passing.find((s) => s.status.aligned);
  const checks: Check[] = [];
  const add = (id: SelfTestCheckId, passed: boolean, detail: string) => checks.push({ id, passed, detail });

  const good = aligned ?? passing[0];
  if (good) add('dkim_valid', true, m.dkimValid(good.signingDomain, good.selector ?? ''));
  else if (signatures.length === 0) add('dkim_valid', false, m.dkimUnsigned);
  else add('dkim_valid', false, m.dkimInvalid(signatures[0]!.signingDomain, String(signatures[0]!.status.comment || signatures[0]!.status.result)));

  add('alignment', Boolean(aligned), aligned ? m.aligned(fromDomain) : m.notAligned(fromDomain));

  const wanted = ['list-unsubscribe', 'list-unsubscribe-post'];
  const missing = wanted.filter((name) => !fields.some((f) => f.name === name && f.value));
  const postField = fields.find((f) => f.name === 'list-unsubscribe-post');
  if (postField && !/^List-Unsubscribe=One-Click$/i.test(postField.value)) missing.push('list-unsubscribe-post');
  const signedBy = (s: DkimOutcome) => (s.signingHeaders?.keys ?? '').split(':').map((k) => k.trim().toLowerCase());
  const unsigned = wanted.filter((name) => !passing.some((s) => signedBy(s).includes(name)));
  if (missing.length) add('one_click_unsubscribe', false, m.unsubscribeMissing(casedNames([...new Set(missing)])));
  else if (unsigned.length) add('one_click_unsubscribe', false, m.unsubscribeUnsigned(casedNames(unsigned)));
  else add('one_click_unsubscribe', true, m.unsubscribeSigned);

  // Its text is made from the HTML only when the message has no text/plain part at all: then it is undefined here.
  const hasText = (email.text ?? '').trim() !== '';
  add('text_part', hasText, hasText ? m.textPart : m.noTextPart);

  const htmlBytes = email.html === undefined ? null : Buffer.byteLength(email.html, 'utf8');
  const kb = ((htmlBytes ?? 0) / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  if (htmlBytes === null) add('html_size', false, m.noHtml);
  else add('html_size', htmlBytes < HTML_LIMIT_BYTES, htmlBytes < HTML_LIMIT_BYTES ? m.htmlSize(kb) : m.htmlTooLarge(kb));
  return checks;
}

function casedNames(names: string[]): string {
  return names.map((n) => (n === 'list-unsubscribe' ? 'List-Unsubscribe' : 'List-Unsubscribe-Post')).join(', ');
}

/**
 * Sends the store's e-mail to the app's mailbox, reads it back and judges it. Rendering it takes one
 * of the store's places in the template sandbox, first, so a refusal there costs no check of the hour.
 */
export function runSelfTest(ctx: AppContext, store: TenantStore): Promise<SelfTestResult> {
  return inTemplateTurn(ctx, store.id, () => selfTestInTurn(ctx, store));
}

async function selfTestInTurn(ctx: AppContext, store: TenantStore): Promise<SelfTestResult> {
  await takeCheck(ctx, store.id);
  const log = ctx.log.child('deliverability');
  const storeName = storeDisplayName(store.shop_name, store.shop_domain);
  const links = requestLinks(ctx.config.appUrl, SELF_TEST_TOKEN);
  const host = new URL(ctx.config.appUrl).hostname;
  const to = ctx.config.deliverability.selfTestMailbox;
  const messageId = `self-test-${randomUUID()}@${host}`;
  let from: string;
  let raw: Buffer | null;
  try {
    const { email, fromName } = await renderStoreReviewEmail(ctx, store.id, storeName, links);
    const identity = await storeSenderIdentity(ctx, store.id, fromName);
    from = addressOf(identity.from);
    const sent = await ctx.mailer.send({
      to,
      from: identity.from,
      replyTo: identity.replyTo,
      dkim: identity.dkim,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId,
      // As the sender sets them on every review request.
      headers: oneClickUnsubscribeHeaders(links),
    });
    if (ctx.mailer.kind === 'outbox') {
      // Read back from the mailbox: what was stored, not what we meant to store.
      const [row] = await ctx.db.select({ raw: emailOutbox.raw }).from(emailOutbox).where(eq(emailOutbox.messageId, messageId)).limit(1);
      raw = row?.raw ? Buffer.from(row.raw, 'utf8') : null;
    } else {
      // Over SMTP the relay keeps no copy we could fetch: we verify the exact bytes handed to it
      // (the mailer sends what it composed, byte for byte), which is what any receiver then sees
      // unless a relay rewrites the message, which the DKIM check would catch at the receiver.
      raw = sent.raw;
    }
  } catch (error) {
    log.warn('self-test e-mail not sent', { storeId: store.id, error: error instanceof Error ? error.message : String(error) });
    throw new DomainError('self_test_failed');
  }
  if (!raw) {
    log.warn('self-test e-mail not found after sending', { storeId: store.id, messageId });
    throw new DomainError('self_test_failed');
  }
  const checks = await verifyMessage(raw, { resolve: dnsOf(ctx), sender: from, mta: host });
  return { sent_to: to, from_address: from, checks, passed: checks.every((c) => c.passed) };
}
