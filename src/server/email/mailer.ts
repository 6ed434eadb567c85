/**
 * The one mail module every feature sends through. Two transports:
 * - outbox (the embedded default): the e-mail is stored in `email_outbox` and never leaves the machine;
 * - smtp: nodemailer's SMTP connections in a pool of our own (smtp-pool.ts), configured by SMTP_URL,
 *   so that a caller can record its hand-over at the last moment before the message's data.
 * Both take the same bytes: the message is composed once (nodemailer's MailComposer) and, for a
 * store whose own domain verified, DKIM-signed (nodemailer's signer, SIGNED_HEADERS) before either
 * transport sees it. The outbox keeps those bytes (`email_outbox.raw`); SMTP sends them as they are.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import DKIM from 'nodemailer/lib/dkim';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Database } from '#db/client';
import { emailOutbox } from '#db/schema';
import { createSmtpPool, NotTransmittedError, UnconfirmedTransmissionError } from './smtp-pool';

export { NotTransmittedError, UnconfirmedTransmissionError } from './smtp-pool';

/**
 * The header fields a DKIM signature covers (those present in the message). nodemailer's default list
 * leaves `List-Unsubscribe-Post` out, yet RFC 8058 (and Gmail's and Yahoo's bulk-sender rules) want
 * one-click unsubscribe's two headers both signed: a relay that added or altered either would
 * otherwise turn any GET-able URL into a one-click POST target. Decision 017.
 */
export const SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
] as const;

/** DKIM signing for the From's domain (nodemailer's DKIM signer; see SIGNED_HEADERS). */
export interface DkimSigning {
  domainName: string;
  keySelector: string;
  /** PKCS#8 PEM. */
  privateKey: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  html?: string;
  text?: string;
  /** Defaults to MAIL_FROM. A display name may be given: `"Ma Boutique" <no-reply@…>`. */
  from?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** Stable Message-ID (without angle brackets); derived from the request id by the sender. */
  messageId?: string;
  /** Sign for the From's domain (a store whose own domain verified). */
  dkim?: DkimSigning;
}

export interface SentEmail {
  messageId: string;
  /** The message exactly as the transport took it (RFC 5322, DKIM-Signature included when signed). */
  raw: Buffer;
}

/** A message ready for any transport: its SMTP envelope and its final bytes. */
export interface ComposedEmail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/**
 * Builds the message once and signs it when `email.dkim` is given. A signature that cannot be made
 * (a broken key) is an error, never a silently unsigned message: the From then names a domain whose
 * DMARC expects our signature.
 */
export async function composeEmail(email: OutgoingEmail, defaultFrom: string, messageId: string): Promise<ComposedEmail> {
  try {
    return await compose(email, defaultFrom, messageId);
  } catch (error) {
    // Nothing left the process: for the sender this is a failure before the hand-over, never "maybe sent".
    throw new NotTransmittedError(`message not composed: ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

async function compose(email: OutgoingEmail, defaultFrom: string, messageId: string): Promise<ComposedEmail> {
  const node = new MailComposer({
    from: email.from ?? defaultFrom,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers,
    messageId: `<${messageId}>`,
  }).compile();
  const envelope = node.getEnvelope() as { from: string; to: string[] };
  const built = await node.build();
  if (!email.dkim) return { envelope, raw: built };
  const signer = new DKIM({
    domainName: email.dkim.domainName,
    keySelector: email.dkim.keySelector,
    privateKey: email.dkim.privateKey,
    headerFieldNames: SIGNED_HEADERS.join(':'),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of signer.sign(built)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  const raw = Buffer.concat(chunks);
  // nodemailer's signer answers an unsigned message when its key refuses to sign.
  if (!/^DKIM-Signature:/i.test(raw.subarray(0, 16).toString('latin1'))) throw new Error('DKIM signing failed: the private key could not sign');
  return { envelope, raw };
}

export interface SendOptions {
  /**
   * Called once the transport is about to hand the message over (SMTP: connection held, envelope
   * accepted, DATA answered 354; outbox: before the insert). Returning false withdraws the message:
   * send then throws a NotTransmittedError with `withdrawn` set, and nothing was sent.
   */
  beforeData?: () => Promise<boolean>;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(email: OutgoingEmail, options?: SendOptions): Promise<SentEmail>;
  /**
   * Whether the transport already accepted the message with this Message-ID: true or false when the
   * transport can tell (the outbox), null when it cannot (SMTP keeps no queryable record).
   */
  wasAccepted(messageId: string): Promise<boolean | null>;
  close(): Promise<void>;
}

export interface MailerOptions {
  from: string;
  transport: 'outbox' | 'smtp';
  smtpUrl?: string;
  smtpPoolSize?: number;
  /** Domain used to build Message-IDs. */
  messageIdDomain: string;
}

export function createMailer(db: Database, options: MailerOptions): Mailer {
  const messageIdFor = (email: OutgoingEmail) => email.messageId ?? `${randomUUID()}@${options.messageIdDomain}`;

  if (options.transport === 'outbox') {
    return {
      kind: 'outbox',
      async send(email, sendOptions) {
        const messageId = messageIdFor(email);
        const { raw } = await composeEmail(email, options.from, messageId);
        if (sendOptions?.beforeData && !(await sendOptions.beforeData())) throw new NotTransmittedError('hand-over refused', null, true);
        await db.insert(emailOutbox).values({
          messageId,
          fromAddress: email.from ?? options.from,
          toAddress: email.to,
          subject: email.subject,
          html: email.html ?? null,
          text: email.text ?? null,
          headers: { ...(email.replyTo ? { 'Reply-To': email.replyTo } : {}), ...email.headers },
          // Composed output is 7-bit (MIME-encoded words, quoted-printable or base64 bodies).
          raw: raw.toString('utf8'),
        });
        return { messageId, raw };
      },
      async wasAccepted(messageId) {
        const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.messageId, messageId)).limit(1);
        return rows.length > 0;
      },
      close: async () => {},
    };
  }

  if (!options.smtpUrl) throw new Error('SMTP_URL is required for the smtp transport');
  const pool = createSmtpPool(smtpOptionsFromUrl(options.smtpUrl), options.smtpPoolSize ?? 5);
  return {
    kind: 'smtp',
    async send(email, sendOptions) {
      const messageId = messageIdFor(email);
      const composed = await composeEmail(email, options.from, messageId);
      await pool.send(composed, sendOptions?.beforeData);
      return { messageId, raw: composed.raw };
    },
    wasAccepted: async () => null,
    close: () => pool.close(),
  };
}

/** smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (implicit TLS). */
function smtpOptionsFromUrl(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const insecure = parsed.searchParams.get('tls') === 'insecure';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    ...(insecure ? { tls: { rejectUnauthorized: false } } : {}),
  };
}

/**
 * What a transport error says about the e-mail:
 * - permanent: the server refused it for good (5xx: unknown mailbox, rejected address, policy), or
 *   nodemailer refused the address;
 * - temporary: it surely did not go and may go later (a 4xx answer, no connection at all, or any
 *   failure before the message's data was handed over);
 * - unknown: the connection broke or timed out after the message may have been taken (the SMTP
 *   pool says so with UnconfirmedTransmissionError: the whole message was written and no reply came,
 *   whatever nodemailer's code, ECONNECTION or ETIMEDOUT). The sender then counts it as sent rather
 *   than risk a second e-mail.
 */
export function classifyMailError(error: unknown): 'permanent' | 'temporary' | 'unknown' {
  if (error instanceof UnconfirmedTransmissionError) return 'unknown';
  if (error instanceof NotTransmittedError) {
    // Refused before its data: the server's code decides; without one, it surely did not go.
    const code = (error.cause as { responseCode?: number } | null)?.responseCode;
    return typeof code === 'number' && code >= 500 ? 'permanent' : 'temporary';
  }
  const e = error as { responseCode?: number; code?: string; command?: string } | null;
  if (!e || typeof e !== 'object') return 'unknown';
  if (typeof e.responseCode === 'number') return e.responseCode >= 500 ? 'permanent' : 'temporary';
  if (e.code === 'EENVELOPE') return 'permanent';
  if (e.code === 'ECONNECTION' || e.code === 'ECONNREFUSED' || e.code === 'EDNS' || e.code === 'ETLS' || e.code === 'EAUTH' || e.command === 'CONN') return 'temporary';
  return 'unknown';
}
