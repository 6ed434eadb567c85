/**
 * The one mail module every feature sends through. Two transports:
 * - outbox (the embedded default): the e-mail is stored in `email_outbox` and never leaves the machine;
 * - smtp: nodemailer with a pooled connection, configured by SMTP_URL.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { emailOutbox } from '../../db/schema';

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
}

export interface SentEmail {
  messageId: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(email: OutgoingEmail): Promise<SentEmail>;
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
      async send(email) {
        const messageId = messageIdFor(email);
        await db.insert(emailOutbox).values({
          messageId,
          fromAddress: email.from ?? options.from,
          toAddress: email.to,
          subject: email.subject,
          html: email.html ?? null,
          text: email.text ?? null,
          headers: { ...(email.replyTo ? { 'Reply-To': email.replyTo } : {}), ...email.headers },
        });
        return { messageId };
      },
      close: async () => {},
    };
  }

  if (!options.smtpUrl) throw new Error('SMTP_URL is required for the smtp transport');
  const transport = nodemailer.createTransport({
    ...smtpOptionsFromUrl(options.smtpUrl),
    pool: true,
    maxConnections: options.smtpPoolSize ?? 5,
  });
  return {
    kind: 'smtp',
    async send(email) {
      const messageId = messageIdFor(email);
      await transport.sendMail({
        from: email.from ?? options.from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers,
        messageId: `<${messageId}>`,
      });
      return { messageId };
    },
    close: async () => transport.close(),
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
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    ...(insecure ? { tls: { rejectUnauthorized: false } } : {}),
  };
}
