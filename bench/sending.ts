/**
 * Sending case: due review requests across 100 stores with mixed quotas, sent by the product's sender
 * through SMTP to an in-process smtp-server, against raw nodemailer sending the same number of
 * e-mails of the same size to the same server in the same run. Aim (decision 030): at least 0.75 of
 * the raw rate on PostgreSQL, 0.60 on PGlite (whose database shares the sender's thread).
 *
 * Rates on a shared machine follow its load, so the case also prints the CPU time per e-mail: of this
 * process (the sender, and the bench's SMTP server, which the raw run pays too), of the template
 * sandbox's processes, and of the PostgreSQL backends, against raw nodemailer's. With
 * SEND_BENCH_PROFILE=<folder> the sender's run is profiled (V8's sampling profiler, this process only)
 * into <folder>/sending-<engine>.cpuprofile and summarised (bench/cpuprofile.ts).
 */
import { readdirSync, readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import * as schema from '#db/schema';
import type { AppContext } from '#server/context';
import { createMailer } from '#server/email/mailer';
import { runDueSends } from '#server/requests/sender';
import { sqlPublicToken } from '#server/requests/generate';
import { DEFAULT_TEMPLATE, renderReviewEmail } from '#core/email/review-email';
import { queryRows } from '#db/client';
import { printSummary, summarise, type CpuProfile } from './cpuprofile';

/** The ratio to raw nodemailer each engine aims at (decision 030). */
export const SENDING_AIMS = { postgres: 0.75, pglite: 0.6 } as const;

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
    await ctx.db.insert(schema.storeEmailConfig).values({ shopId: store!.id, dailySendLimit: 10_000 });
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
  const cpu = process.cpuUsage();
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
  const used = process.cpuUsage(cpu);
  transport.close();
  return { rate, cpuUsPerEmail: (used.user + used.system) / count };
}

/** CPU milliseconds used so far by these processes (utime + stime in /proc, as `ps` reads them); a process gone counts 0. */
function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields 14 and 15, counted after the command name's closing parenthesis.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Ended meanwhile, or no /proc here.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** This process's children (the template sandbox's processes), from /proc. */
function childPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === process.pid;
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** The PostgreSQL backends of this database (none on PGlite, which runs on this thread). */
async function backendPids(ctx: AppContext): Promise<number[]> {
  if (ctx.dbHandle.kind !== 'postgres') return [];
  const rows = await queryRows<{ pid: number }>(ctx.db, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR backend_type = 'walwriter'`);
  return rows.map((r) => r.pid);
}

/** Runs `work` under V8's sampling profiler (this process), writes the profile and prints its summary. */
async function profiled<T>(label: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.SEND_BENCH_PROFILE;
  if (!folder) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(folder, { recursive: true });
    const file = join(folder, `sending-${label}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    printSummary(summarise(profile as unknown as CpuProfile, 15), `${label}] [${file}`);
  }
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
  await rawNodemailer(smtp.port, 500); // warm-up (JIT, pool connections), not counted
  const rawBefore = await rawNodemailer(smtp.port, capacity);

  const backends = await backendPids(ctx);
  // Per sandbox process: one that ends during the run (a previous engine's, idle) must not count
  // its whole CPU time as negative; its share during the run is lost, which undercounts a little.
  const sandboxStart = new Map(childPids().map((pid) => [pid, cpuMsOf([pid])]));
  const [cpu, databaseMs] = [process.cpuUsage(), cpuMsOf(backends)];
  const t = performance.now();
  const result = await profiled(label, () => runDueSends(ctx, { workerId: `bench-${label}` }));
  const elapsed = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  // Sandbox processes started during the run are counted whole (they started with it).
  const sandboxUs = childPids().reduce((sum, pid) => sum + (cpuMsOf([pid]) - (sandboxStart.get(pid) ?? 0)) * 1000, 0);
  const databaseUs = (cpuMsOf(backends) - databaseMs) * 1000;
  await mailer.close();
  const rate = result.processed / elapsed;
  const rawAfter = await rawNodemailer(smtp.port, result.processed);
  const raw = (rawBefore.rate + rawAfter.rate) / 2;
  const rawCpu = (rawBefore.cpuUsPerEmail + rawAfter.cpuUsPerEmail) / 2;
  await smtp.close();
  const perEmail = (us: number) => us / Math.max(1, result.processed);
  const senderCpu = perEmail(used.user + used.system) + perEmail(sandboxUs) + perEmail(databaseUs);
  const engine = ctx.dbHandle.kind === 'postgres' ? 'postgres' : 'pglite';
  const aim = SENDING_AIMS[engine];
  console.log(
    `[${label}] sending              ${rate.toFixed(0)} e-mails/s (${result.processed} sent of ${total} due, ${result.deferred} held by quotas, ${result.failed} failed, capacity ${capacity}, ${elapsed.toFixed(1)} s)`,
  );
  console.log(
    `[${label}] sending raw nodemailer ${raw.toFixed(0)} e-mails/s (${rawBefore.rate.toFixed(0)} before, ${rawAfter.rate.toFixed(0)} after)  ratio ${(rate / raw).toFixed(2)}  (aim ≥ ${aim.toFixed(2)})`,
  );
  console.log(
    `[${label}] sending CPU per e-mail: raw nodemailer ${rawCpu.toFixed(0)} µs; sender ${perEmail(used.user + used.system).toFixed(0)} µs in this process` +
      `${engine === 'pglite' ? ' (PGlite included)' : ''} + ${perEmail(sandboxUs).toFixed(0)} µs in the template sandbox` +
      `${engine === 'postgres' ? ` + ${perEmail(databaseUs).toFixed(0)} µs in PostgreSQL` : ''}: cost ratio ${(rawCpu / senderCpu).toFixed(2)} (aim ≥ ${aim.toFixed(2)}, what the rate ratio tends to when CPU is the limit)`,
  );
  console.log(`[${label}] machine load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
}
