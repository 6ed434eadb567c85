/**
 * Sending case: due review requests across 100 stores with mixed quotas, sent by the product's sender
 * through SMTP to an in-process smtp-server, against raw nodemailer sending the same number of
 * e-mails of the same size to the same server in the same run. Aim: at least 60% of the raw rate.
 */
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import * as schema from '../src/db/schema';
import type { AppContext } from '../src/server/context';
import { createMailer } from '../src/server/email/mailer';
import { runDueSends } from '../src/server/requests/sender';
import { sqlPublicToken } from '../src/server/requests/generate';
import { DEFAULT_TEMPLATE, renderReviewEmail } from '../src/core/email/review-email';

const STORES = 100;
const POOL = 8;
/** E-mails in flight at once, for the sender and the raw baseline alike (more than the pool: the pool queues). */
const LANES = Number(process.env.SEND_BENCH_LANES ?? 16);

async function startSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received: () => received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** 100 stores, `total` due requests shared among them; one store in four has a quota below its share. */
async function seed(ctx: AppContext, label: string, total: number) {
  const perStore = Math.floor(total / STORES);
  let capacity = 0;
  for (let i = 0; i < STORES; i++) {
    const userId = randomUUID();
    const domain = `send-${label}-${i}-${userId.slice(0, 6)}.myshopify.com`;
    await ctx.db.insert(schema.user).values({ id: userId, name: 'Bench', email: `${userId}@bench.test` });
    const [store] = await ctx.db
      .insert(schema.shopifyStores)
      .values({ userId, shopDomain: domain, shopName: `Boutique ${i}`, subscriptionStatus: 'active' })
      .returning();
    const quota = i % 4 === 0 ? Math.floor(perStore * 0.75) : i % 4 === 1 ? null : 3000;
    await ctx.db.insert(schema.shopPlans).values({
      shopDomain: domain,
      plan: quota === null ? 'enterprise' : 'pro',
      emailsQuota: quota,
      periodStart: new Date(Date.now() - 86_400_000),
      periodEnd: new Date(Date.now() + 29 * 86_400_000),
    });
    await ctx.db.insert(schema.storeEmailConfig).values({ shopifyStoreId: store!.id, dailySendLimit: 10_000 });
    capacity += Math.min(perStore, quota ?? Infinity);
    await ctx.db.execute(sql`
      INSERT INTO shopify_review_requests (user_id, shop_id, shopify_order_id, customer_email, customer_name, status, scheduled_at, token, channel, source)
      SELECT ${userId}, ${store!.id}::uuid, (1000 + g)::text, 'client-' || g || '@bench.test', 'Client ' || g, 'scheduled', now() - interval '1 minute', ${sqlPublicToken}, 'email', 'manual'
      FROM generate_series(1, ${perStore}) AS g`);
  }
  return capacity;
}

async function rawNodemailer(port: number, count: number) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, pool: true, maxConnections: POOL, ignoreTLS: true });
  const email = renderReviewEmail({
    template: DEFAULT_TEMPLATE,
    variables: {
      customer_name: 'Client 1',
      store_name: 'Boutique 1',
      order_number: '#1001',
      review_link: 'http://localhost:3000/review/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    },
    unsubscribeUrl: 'http://localhost:3000/unsubscribe/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  });
  let next = 0;
  const t = performance.now();
  const lane = async () => {
    while (next < count) {
      const i = next++;
      await transport.sendMail({
        from: '"Boutique 1" <no-reply@localhost>',
        to: `client-${i}@bench.test`,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: `<raw-${i}@localhost>`,
      });
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  const rate = count / ((performance.now() - t) / 1000);
  transport.close();
  return rate;
}

export async function benchSending(label: string, base: AppContext, total: number) {
  const smtp = await startSmtp();
  const mailer = createMailer(base.db, {
    from: base.config.mail.from,
    transport: 'smtp',
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    smtpPoolSize: POOL,
    messageIdDomain: 'localhost',
  });
  const ctx: AppContext = { ...base, mailer, config: { ...base.config, sending: { ...base.config.sending, batchSize: 500, concurrency: LANES } } };
  const capacity = await seed(ctx, label, total);
  // The raw rate is measured before and after the sender's run and averaged: one measure drifts with the machine's load.
  const expected = capacity;
  await rawNodemailer(smtp.port, 500); // warm-up (JIT, pool connections), not counted
  const rawBefore = await rawNodemailer(smtp.port, expected);

  const t = performance.now();
  const result = await runDueSends(ctx, { workerId: `bench-${label}` });
  const elapsed = (performance.now() - t) / 1000;
  await mailer.close();
  const rate = result.processed / elapsed;
  const rawAfter = await rawNodemailer(smtp.port, result.processed);
  const raw = (rawBefore + rawAfter) / 2;
  await smtp.close();
  console.log(
    `[${label}] sending              ${rate.toFixed(0)} e-mails/s (${result.processed} sent of ${total} due, ${result.deferred} held by quotas, capacity ${capacity}, ${elapsed.toFixed(1)} s)`,
  );
  console.log(
    `[${label}] sending raw nodemailer ${raw.toFixed(0)} e-mails/s (${rawBefore.toFixed(0)} before, ${rawAfter.toFixed(0)} after)  ratio ${(rate / raw).toFixed(2)}  (aim ≥ 0.60)`,
  );
}
