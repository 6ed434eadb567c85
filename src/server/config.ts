/**
 * The one place configuration is read. Every value is validated at boot by one zod schema; a missing
 * or malformed value stops the start with one line naming it (see `loadConfig`).
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_VERSION } from './shopify/api-versions';

const DEV_AUTH_SECRET = 'dev-only-auth-secret-change-me-0123456789abcdef';
// 32 bytes, base64. Only ever used outside production; production must configure its own key.
const DEV_ENCRYPTION_KEY = 'ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZSE=';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be a whole number between ${min} and ${max}` });

const httpUrl = z
  .string()
  .url({ message: 'must be an absolute http(s) URL' })
  .refine((u) => /^https?:\/\//.test(u), { message: 'must be an absolute http(s) URL' })
  .transform((u) => u.replace(/\/+$/, ''));

/** A DNS name (labels of letters, digits, hyphens and underscores, as `_spf.` includes have), at least two labels. */
const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The domain of an address or of a `"Name" <address>` header. */
function domainOf(mailbox: string): string {
  const address = /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The operator's details the legal pages name (LCEN art. 6 III for the legal notice, GDPR art. 13
 * for the privacy policy's controller and contact). Outside production they default to a publisher
 * that is plainly fictional, so a demo never passes for a real company; production must configure
 * every one (see loadConfig), or the pages would publish someone else's identity.
 */
const DEMO_OPERATOR = {
  OPERATOR_NAME: 'Avis Clients SAS (démonstration)',
  OPERATOR_LEGAL_FORM: 'Société par actions simplifiée',
  OPERATOR_SHARE_CAPITAL: '1000',
  OPERATOR_ADDRESS: '1 rue de la Démonstration, 00000 Villefictive, France (adresse fictive)',
  OPERATOR_REGISTRATION: 'RCS Villefictive 000 000 000 (immatriculation fictive)',
  OPERATOR_PHONE: '+33 1 00 00 00 00',
  OPERATOR_EMAIL: 'contact@avis.localhost',
  OPERATOR_PUBLICATION_DIRECTOR: 'Camille Exemple (personne fictive)',
  HOSTING_PROVIDER: 'Hébergeur de démonstration, 1 avenue Fictive, 00000 Villefictive, France, +33 1 00 00 00 00',
} as const;

/**
 * One line of legal text. A bracket is refused: it is what an unfilled template placeholder
 * ("[adresse du siège]") looks like, and the pages must never publish one.
 */
const legalText = z
  .string()
  .trim()
  .min(2, { message: 'must be at least 2 characters' })
  .max(300, { message: 'must be at most 300 characters' })
  .refine((v) => !/\p{Cc}/u.test(v), { message: 'must be one line of text' })
  .refine((v) => !/[[\]]/.test(v), { message: 'must be the real value, not a [placeholder]' });

/** The local emulator's credentials: public, so they must never sign anything in production. */
export const EMULATOR_API_KEY = 'emulator-client-id';
export const EMULATOR_API_SECRET = 'emulator-client-secret';

const rawSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  PORT: int(0, 65535).default(3000),
  // Unset: loopback outside production (the demo has published credentials, an open outbox and an
  // open emulator control), every interface in production. See finalize().
  HOST: z.string().min(1).optional(),
  APP_URL: httpUrl.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// or postgresql:// connection URL' })
    .optional(),
  DATABASE_POOL_MAX: int(1, 500).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  PGLITE_SHARED_BUFFERS_MB: int(1, 4096).default(16),
  PGLITE_WORK_MEM_MB: int(1, 1024).default(4),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((k) => Buffer.from(k, 'base64').length === 32, { message: 'must be 32 bytes encoded in base64' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Avis Clients <no-reply@avis.localhost>'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  SMTP_POOL_SIZE: int(1, 100).default(5),
  /**
   * The relay's SPF include, which merchants' SPF records name (`include:…`) so the relay may send
   * for their domains (e.g. spf.brevo.com, amazonses.com). Default: `_spf.` + MAIL_FROM's domain.
   */
  MAIL_SPF_INCLUDE: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => DOMAIN_NAME.test(v), { message: 'must be a domain name such as _spf.example.com' })
    .optional(),
  /** The mailbox the deliverability self-test sends to (default deliverability-test@ the host of APP_URL). */
  DELIVERABILITY_MAILBOX: z.email({ message: 'must be an e-mail address' }).optional(),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp'], { message: 'must be outbox or smtp' }).optional(),
  SHOPIFY_API_KEY: z.string().min(1).optional(),
  SHOPIFY_API_SECRET: z.string().min(1).optional(),
  /** The previous secret during a rotation: webhooks signed with it stay valid meanwhile. */
  SHOPIFY_API_SECRET_PREVIOUS: z.string().min(1).optional(),
  /** A quarterly version; the default is the latest stable one (shopify/api-versions.ts, decision 020). */
  SHOPIFY_API_VERSION: z
    .string()
    .regex(/^\d{4}-(01|04|07|10)$/, { message: `must be a quarterly Shopify API version such as ${DEFAULT_API_VERSION}` })
    .default(DEFAULT_API_VERSION),
  SHOPIFY_SCOPES: z.string().min(1).default('read_orders,read_fulfillments,write_app_proxy'),
  SHOPIFY_EMULATOR: bool.optional(),
  DEMO_MODE: bool.optional(),
  WORKER_TICK_INTERVAL_SECONDS: int(1, 86_400).default(3600),
  WORKER_POLL_INTERVAL_MS: int(10, 60_000).default(1000),
  WORKER_CONCURRENCY: int(1, 64).default(2),
  SEND_BATCH_SIZE: int(1, 5000).default(200),
  SEND_CONCURRENCY: int(1, 64).default(8),
  SEND_MAX_ATTEMPTS: int(1, 20).default(5),
  SEND_LEASE_SECONDS: int(1, 86_400).default(600),
  /**
   * How long a full load of a drawn /app screen waits for the server's drawing before the plain page
   * goes out (decision 039): a slow read must not make the page slower than the browser drawing it.
   */
  PAGE_DRAW_DEADLINE_MS: int(50, 60_000).default(1000),
  /** On SIGTERM or SIGINT: how long running work may take to finish before what is left is released and the process exits. */
  SHUTDOWN_GRACE_SECONDS: int(1, 3600).default(8),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  /** Check every JSON answer against its contract (on outside production; the bench turns it off). */
  API_RESPONSE_CHECK: bool.optional(),
  /**
   * Where uploaded logos go: the database (default with DATABASE_URL: every web process sees them),
   * files under DATA_DIR/uploads (default on the embedded database) or an S3-compatible bucket.
   */
  STORAGE: z.enum(['database', 'files', 's3'], { message: 'must be database, files or s3' }).optional(),
  /** The bucket's API endpoint, e.g. https://s3.eu-west-3.amazonaws.com or an R2/MinIO URL (path-style requests). */
  S3_ENDPOINT: httpUrl.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The public base URL the bucket's objects are read from (a CDN or the bucket's public domain). */
  S3_PUBLIC_URL: httpUrl.optional(),
  OPERATOR_NAME: legalText.optional(),
  OPERATOR_LEGAL_FORM: legalText.optional(),
  /** In euros, e.g. 10000 or 1500.50: the page formats it. */
  OPERATOR_SHARE_CAPITAL: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { message: 'must be an amount in euros such as 10000 or 1500.50' })
    .optional(),
  OPERATOR_ADDRESS: legalText.optional(),
  OPERATOR_REGISTRATION: legalText.optional(),
  /** Optional everywhere: a company below the VAT threshold has no number. */
  OPERATOR_VAT: z
    .string()
    .regex(/^[A-Z]{2}[0-9A-Z ]{2,16}$/, { message: 'must be an intra-community VAT number such as FR12345678901' })
    .optional(),
  OPERATOR_PHONE: z
    .string()
    .regex(/^\+?[0-9 .()-]{6,25}$/, { message: 'must be a telephone number such as +33 1 23 45 67 89' })
    .optional(),
  OPERATOR_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  OPERATOR_PUBLICATION_DIRECTOR: legalText.optional(),
  HOSTING_PROVIDER: legalText.optional(),
});

export type Role = 'all' | 'web' | 'worker';

function storageOf(raw: z.infer<typeof rawSchema>) {
  const kind = raw.STORAGE ?? (raw.S3_BUCKET ? 's3' : raw.DATABASE_URL ? 'database' : 'files');
  if (kind === 's3') {
    return {
      kind,
      endpoint: raw.S3_ENDPOINT!,
      region: raw.S3_REGION,
      bucket: raw.S3_BUCKET!,
      accessKeyId: raw.S3_ACCESS_KEY_ID!,
      secretAccessKey: raw.S3_SECRET_ACCESS_KEY!,
      publicUrl: raw.S3_PUBLIC_URL!,
    } as const;
  }
  return kind === 'files' ? ({ kind, dir: resolve(raw.DATA_DIR, 'uploads') } as const) : ({ kind } as const);
}

export type Config = ReturnType<typeof finalize>;

function finalize(raw: z.infer<typeof rawSchema>, role: Role) {
  const production = raw.NODE_ENV === 'production';
  const realShopifyKeys = Boolean(raw.SHOPIFY_API_KEY && raw.SHOPIFY_API_SECRET);
  const emulator = raw.SHOPIFY_EMULATOR ?? (!production && !realShopifyKeys);
  const appUrl = raw.APP_URL ?? `http://localhost:${raw.PORT}`;
  return {
    env: raw.NODE_ENV,
    production,
    role,
    port: raw.PORT,
    host: raw.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    appUrl,
    database: raw.DATABASE_URL
      ? ({ kind: 'postgres', url: raw.DATABASE_URL, poolMax: raw.DATABASE_POOL_MAX } as const)
      : ({
          kind: 'pglite',
          dataDir: resolve(raw.DATA_DIR),
          memory: { sharedBuffersMb: raw.PGLITE_SHARED_BUFFERS_MB, workMemMb: raw.PGLITE_WORK_MEM_MB },
        } as const),
    authSecret: raw.AUTH_SECRET ?? DEV_AUTH_SECRET,
    encryptionKey: Buffer.from(raw.ENCRYPTION_KEY ?? DEV_ENCRYPTION_KEY, 'base64'),
    mail: {
      from: raw.MAIL_FROM,
      transport: raw.MAIL_TRANSPORT ?? (raw.SMTP_URL ? 'smtp' : 'outbox'),
      smtpUrl: raw.SMTP_URL,
      smtpPoolSize: raw.SMTP_POOL_SIZE,
    },
    deliverability: {
      /** What a merchant's SPF record must include (decision 017). */
      spfInclude: raw.MAIL_SPF_INCLUDE ?? `_spf.${domainOf(raw.MAIL_FROM)}`,
      /** Where the self-test's e-mail goes: a mailbox the app controls (in development, the outbox or the local SMTP catcher). */
      selfTestMailbox: raw.DELIVERABILITY_MAILBOX ?? `deliverability-test@${new URL(appUrl).hostname}`,
    },
    shopify: {
      apiKey: raw.SHOPIFY_API_KEY ?? EMULATOR_API_KEY,
      apiSecret: raw.SHOPIFY_API_SECRET ?? EMULATOR_API_SECRET,
      /** The client secret, then the previous one during a rotation: webhooks, app proxy requests and session tokens are signed with either. */
      clientSecrets: [raw.SHOPIFY_API_SECRET ?? EMULATOR_API_SECRET, ...(raw.SHOPIFY_API_SECRET_PREVIOUS ? [raw.SHOPIFY_API_SECRET_PREVIOUS] : [])],
      apiVersion: raw.SHOPIFY_API_VERSION,
      scopes: raw.SHOPIFY_SCOPES,
      emulator,
    },
    storage: storageOf(raw),
    demoMode: raw.DEMO_MODE ?? !production,
    /** Where the emulator keeps its shops, orders and tokens between restarts. */
    emulatorStatePath: resolve(raw.DATA_DIR, 'shopify-emulator.json'),
    worker: {
      tickIntervalSeconds: raw.WORKER_TICK_INTERVAL_SECONDS,
      pollIntervalMs: raw.WORKER_POLL_INTERVAL_MS,
      concurrency: raw.WORKER_CONCURRENCY,
    },
    sending: {
      /** Requests claimed per transaction. */
      batchSize: raw.SEND_BATCH_SIZE,
      /** E-mails handed to the transport at once. */
      concurrency: raw.SEND_CONCURRENCY,
      /** Attempts before a temporary failure becomes final. */
      maxAttempts: raw.SEND_MAX_ATTEMPTS,
      /** After this long, a reservation left by a worker that died is resolved by another one. */
      leaseSeconds: raw.SEND_LEASE_SECONDS,
    },
    /**
     * A stop (SIGTERM, SIGINT) claims nothing more at once; within this many seconds the web server
     * drains, running jobs finish or are released, then the process exits 0 (decision 023).
     */
    shutdownGraceSeconds: raw.SHUTDOWN_GRACE_SECONDS,
    /** How long a drawn /app screen's page waits for its drawing (decision 039). */
    pageDrawDeadlineMs: raw.PAGE_DRAW_DEADLINE_MS,
    /** The outbox page and other developer tools are never served in production. */
    devTools: !production,
    logLevel: raw.LOG_LEVEL,
    /** Behind a reverse proxy: take the client address from the last X-Forwarded-For hop. */
    trustProxy: raw.TRUST_PROXY,
    /** A handler answering outside its contract fails loudly (500) instead of reaching a browser. */
    checkApiResponses: raw.API_RESPONSE_CHECK ?? !production,
    /** Who publishes the app and who hosts it, as the legal pages name them (GET /api/legal). */
    operator: {
      name: raw.OPERATOR_NAME ?? DEMO_OPERATOR.OPERATOR_NAME,
      legalForm: raw.OPERATOR_LEGAL_FORM ?? DEMO_OPERATOR.OPERATOR_LEGAL_FORM,
      shareCapital: raw.OPERATOR_SHARE_CAPITAL ?? DEMO_OPERATOR.OPERATOR_SHARE_CAPITAL,
      address: raw.OPERATOR_ADDRESS ?? DEMO_OPERATOR.OPERATOR_ADDRESS,
      registration: raw.OPERATOR_REGISTRATION ?? DEMO_OPERATOR.OPERATOR_REGISTRATION,
      vat: raw.OPERATOR_VAT ?? null,
      phone: raw.OPERATOR_PHONE ?? DEMO_OPERATOR.OPERATOR_PHONE,
      email: raw.OPERATOR_EMAIL ?? DEMO_OPERATOR.OPERATOR_EMAIL,
      publicationDirector: raw.OPERATOR_PUBLICATION_DIRECTOR ?? DEMO_OPERATOR.OPERATOR_PUBLICATION_DIRECTOR,
      hostingProvider: raw.HOSTING_PROVIDER ?? DEMO_OPERATOR.HOSTING_PROVIDER,
    },
  };
}

export class ConfigError extends Error {}

/**
 * Parses `env` (process.env by default). Throws a ConfigError whose message is one line naming the
 * first bad variable, e.g. `Invalid configuration: PORT must be a whole number between 0 and 65535 (got "abc")`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, role: Role = 'all'): Config {
  // Empty strings count as unset: `FOO= npm start` should not be a malformed value.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = rawSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'configuration');
    const got = cleaned[name];
    // JSON-quoted: a value with a line break still makes a one-line message.
    const shown = got === undefined ? 'missing' : name.includes('SECRET') || name.includes('KEY') || name.includes('URL') ? 'got a malformed value' : `got ${JSON.stringify(got)}`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (${shown})`);
  }
  const raw = parsed.data;
  if (raw.NODE_ENV === 'production') {
    const required: [keyof typeof raw, string][] = [
      ['APP_URL', 'the public https URL of the app'],
      ['AUTH_SECRET', 'a random string of at least 32 characters'],
      ['ENCRYPTION_KEY', '32 random bytes in base64 (openssl rand -base64 32)'],
      // Without them the emulator's public secret would sign (and so forge) webhooks and OAuth.
      ['SHOPIFY_API_KEY', "the app's client id from the Shopify Partner Dashboard"],
      ['SHOPIFY_API_SECRET', "the app's client secret from the Shopify Partner Dashboard"],
      // The legal pages name them; a demo publisher must never appear on a real site.
      ['OPERATOR_NAME', 'the company name shown on the legal pages'],
      ['OPERATOR_LEGAL_FORM', 'the legal form, e.g. Société par actions simplifiée'],
      ['OPERATOR_SHARE_CAPITAL', 'the share capital in euros, e.g. 10000'],
      ['OPERATOR_ADDRESS', 'the head office address'],
      ['OPERATOR_REGISTRATION', 'the registration, e.g. RCS Paris 123 456 789'],
      ['OPERATOR_PHONE', "the publisher's telephone number"],
      ['OPERATOR_EMAIL', 'the contact e-mail address for users and data protection requests'],
      ['OPERATOR_PUBLICATION_DIRECTOR', 'the name of the director of publication'],
      ['HOSTING_PROVIDER', "the host's name, address and telephone number"],
    ];
    for (const [name, what] of required) {
      if (!raw[name]) throw new ConfigError(`Invalid configuration: ${name} is required in production (${what})`);
    }
    // Shopify takes only https for the OAuth redirect and the webhook addresses, both built on APP_URL
    // (decision 020). Development and the demo keep http://localhost.
    if (!raw.APP_URL!.startsWith('https://')) {
      throw new ConfigError('Invalid configuration: APP_URL must be an https:// URL in production (Shopify requires https for the OAuth redirect and webhook URLs)');
    }
    if (raw.SHOPIFY_API_SECRET === EMULATOR_API_SECRET || raw.SHOPIFY_API_KEY === EMULATOR_API_KEY) {
      throw new ConfigError("Invalid configuration: SHOPIFY_API_KEY/SHOPIFY_API_SECRET must be the real app credentials in production, not the emulator's");
    }
    if (raw.SHOPIFY_EMULATOR) {
      throw new ConfigError('Invalid configuration: SHOPIFY_EMULATOR cannot be enabled in production');
    }
    if (!raw.SMTP_URL && raw.MAIL_TRANSPORT !== 'outbox') {
      throw new ConfigError('Invalid configuration: SMTP_URL is required in production (or set MAIL_TRANSPORT=outbox explicitly)');
    }
  }
  if (raw.SHOPIFY_EMULATOR && raw.SHOPIFY_API_KEY && raw.SHOPIFY_API_SECRET) {
    // The emulator must never be mounted when real Shopify keys are configured.
    throw new ConfigError('Invalid configuration: SHOPIFY_EMULATOR cannot be enabled together with real SHOPIFY_API_KEY/SHOPIFY_API_SECRET');
  }
  if ((raw.STORAGE ?? (raw.S3_BUCKET ? 's3' : undefined)) === 's3') {
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const) {
      if (!raw[name]) throw new ConfigError(`Invalid configuration: ${name} is required when STORAGE=s3`);
    }
  }
  if (raw.MAIL_TRANSPORT === 'smtp' && !raw.SMTP_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL is required when MAIL_TRANSPORT=smtp');
  }
  return finalize(raw, role);
}
