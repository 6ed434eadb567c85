import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { createMailer } from './mailer';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let ctx: TestContext;
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.destroy();
});

describe('SMTP transport', () => {
  it('delivers HTML and text parts with our headers and a stable Message-ID', async () => {
    const mailer = createMailer(ctx.db, {
      from: 'Avis Clients <no-reply@avis.test>',
      transport: 'smtp',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      smtpPoolSize: 2,
      messageIdDomain: 'avis.test',
    });
    await mailer.send({
      to: 'client@exemple.test',
      subject: 'Votre avis compte pour nous ! 🌟',
      html: '<p>Bonjour <strong>Léa</strong></p>',
      text: 'Bonjour Léa',
      headers: { 'List-Unsubscribe': '<https://avis.test/u/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      messageId: 'request-42@avis.test',
    });
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['client@exemple.test']);
    const parsed = await simpleParser(received[0]!.raw);
    expect(parsed.subject).toBe('Votre avis compte pour nous ! 🌟');
    expect(parsed.messageId).toBe('<request-42@avis.test>');
    expect(parsed.text?.trim()).toBe('Bonjour Léa');
    expect(parsed.html).toContain('<strong>Léa</strong>');
    expect(received[0]!.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(received[0]!.raw).toContain('List-Unsubscribe: <https://avis.test/u/abc>');
    // The outbox is untouched when SMTP is configured.
    expect(await ctx.db.query.emailOutbox.findMany()).toHaveLength(0);
  });
});
