import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** What production must say about its publisher (the legal pages name it). */
const OPERATOR = {
  OPERATOR_NAME: 'Avis Clients SAS',
  OPERATOR_LEGAL_FORM: 'Société par actions simplifiée',
  OPERATOR_SHARE_CAPITAL: '10000',
  OPERATOR_ADDRESS: '12 rue des Lilas, 75011 Paris, France',
  OPERATOR_REGISTRATION: 'RCS Paris 123 456 789',
  OPERATOR_PHONE: '+33 1 23 45 67 89',
  OPERATOR_EMAIL: 'contact@avis.example',
  OPERATOR_PUBLICATION_DIRECTOR: 'Claire Dupont',
  HOSTING_PROVIDER: 'Hébergeur SAS, 2 rue Kellermann, 59100 Roubaix, France, +33 9 00 00 00 00',
};

/** A production configuration that starts. */
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://avis.example',
  AUTH_SECRET: 'x'.repeat(40),
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  SMTP_URL: 'smtp://m:25',
  SHOPIFY_API_KEY: 'k',
  SHOPIFY_API_SECRET: 's',
  ...OPERATOR,
};

const fail = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration error');
};

describe('loadConfig', () => {
  it('runs with no configuration at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database.kind).toBe('pglite');
    expect(config.mail.transport).toBe('outbox');
    expect(config.shopify.emulator).toBe(true);
    expect(config.demoMode).toBe(true);
    expect(config.worker.tickIntervalSeconds).toBe(3600);
    expect(config.encryptionKey).toHaveLength(32);
  });

  it('uses PostgreSQL and SMTP when configured', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', SMTP_URL: 'smtp://h:25', WORKER_TICK_INTERVAL_SECONDS: '60' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db', poolMax: 10 });
    expect(config.mail.transport).toBe('smtp');
    expect(config.worker.tickIntervalSeconds).toBe(60);
  });

  it('names the malformed variable in one line', () => {
    const message = fail({ PORT: 'abc' });
    expect(message).toBe('Invalid configuration: PORT must be a whole number between 0 and 65535 (got "abc")');
    expect(message).not.toContain('\n');
    expect(fail({ DATABASE_URL: 'mysql://x' })).toMatch(/^Invalid configuration: DATABASE_URL must be a postgres/);
    expect(fail({ APP_URL: 'localhost' })).toMatch(/^Invalid configuration: APP_URL /);
    expect(fail({ SHOPIFY_API_VERSION: '2024-02' })).toMatch(/SHOPIFY_API_VERSION/);
    expect(fail({ ENCRYPTION_KEY: 'short' })).toMatch(/ENCRYPTION_KEY must be 32 bytes/);
  });

  it('never echoes secrets', () => {
    expect(fail({ AUTH_SECRET: 'tiny' })).not.toContain('tiny');
  });

  it('requires real secrets, a public URL and SMTP in production', () => {
    expect(fail({ NODE_ENV: 'production' })).toMatch(/APP_URL is required in production/);
    const base = { NODE_ENV: 'production', APP_URL: 'https://avis.example', AUTH_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), ...OPERATOR };
    expect(fail(base)).toMatch(/SHOPIFY_API_KEY is required in production/);
    expect(fail({ ...base, SHOPIFY_API_KEY: 'k' })).toMatch(/SHOPIFY_API_SECRET is required in production/);
    // The emulator's public secret would let anyone sign webhooks.
    expect(fail({ ...base, SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 'emulator-client-secret' })).toMatch(/real app credentials/);
    expect(fail({ ...base, SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's' })).toMatch(/SMTP_URL is required in production/);
    const config = loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example:465', SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's' });
    expect(config.shopify.emulator).toBe(false);
    expect(config.devTools).toBe(false);
    expect(config.demoMode).toBe(false);
  });

  it('refuses an http:// APP_URL in production in one line, and keeps http://localhost outside it', () => {
    for (const url of ['http://avis.example', 'http://localhost:3000']) {
      const message = fail({ ...PRODUCTION, APP_URL: url });
      expect(message).toBe('Invalid configuration: APP_URL must be an https:// URL in production (Shopify requires https for the OAuth redirect and webhook URLs)');
      expect(message).not.toContain('\n');
    }
    expect(loadConfig({ ...PRODUCTION, APP_URL: 'https://avis.example/' }).appUrl).toBe('https://avis.example');
    expect(loadConfig({ APP_URL: 'http://localhost:3000' }).appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000' }).appUrl).toBe('http://localhost:3000');
  });

  it('listens on loopback by default outside production, on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION).host).toBe('0.0.0.0');
  });

  it('gives the embedded database small-host memory settings, adjustable', () => {
    expect(loadConfig({}).database).toMatchObject({ kind: 'pglite', memory: { sharedBuffersMb: 16, workMemMb: 4 } });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '128', PGLITE_WORK_MEM_MB: '16' }).database).toMatchObject({ memory: { sharedBuffersMb: 128, workMemMb: 16 } });
    expect(fail({ PGLITE_SHARED_BUFFERS_MB: '0' })).toMatch(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it('keeps uploads beside the embedded database, in PostgreSQL with it, or in a configured bucket', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/avis-data' }).storage).toEqual({ kind: 'files', dir: '/tmp/avis-data/uploads' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/avis' }).storage).toEqual({ kind: 'database' });
    const s3 = {
      S3_ENDPOINT: 'https://s3.eu-west-3.amazonaws.com/',
      S3_BUCKET: 'avis-logos',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/logos/',
    };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      region: 'us-east-1',
      bucket: 'avis-logos',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      publicUrl: 'https://cdn.example.com/logos',
    });
    expect(fail({ ...s3, S3_PUBLIC_URL: '' })).toBe('Invalid configuration: S3_PUBLIC_URL is required when STORAGE=s3');
    expect(fail({ STORAGE: 's3' })).toBe('Invalid configuration: S3_ENDPOINT is required when STORAGE=s3');
    expect(fail({ STORAGE: 'disk' })).toBe('Invalid configuration: STORAGE must be database, files or s3 (got "disk")');
  });

  it('never mounts the emulator with real Shopify keys', () => {
    expect(loadConfig({ SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's' }).shopify.emulator).toBe(false);
    expect(fail({ SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's', SHOPIFY_EMULATOR: 'true' })).toMatch(/SHOPIFY_EMULATOR cannot be enabled/);
  });

  it('gives the legal pages a plainly fictional publisher outside production', () => {
    const { operator } = loadConfig({});
    expect(operator.name).toBe('Avis Clients SAS (démonstration)');
    expect(operator.address).toMatch(/fictive/);
    expect(operator.registration).toMatch(/fictive/);
    expect(operator.email).toBe('contact@avis.localhost');
    expect(operator.vat).toBeNull();
    for (const value of Object.values(operator)) expect(value ?? '').not.toMatch(/\[[^\]]*\]/);
    const configured = loadConfig({ ...OPERATOR, OPERATOR_VAT: 'FR12345678901' }).operator;
    expect(configured).toEqual({
      name: 'Avis Clients SAS',
      legalForm: 'Société par actions simplifiée',
      shareCapital: '10000',
      address: '12 rue des Lilas, 75011 Paris, France',
      registration: 'RCS Paris 123 456 789',
      vat: 'FR12345678901',
      phone: '+33 1 23 45 67 89',
      email: 'contact@avis.example',
      publicationDirector: 'Claire Dupont',
      hostingProvider: 'Hébergeur SAS, 2 rue Kellermann, 59100 Roubaix, France, +33 9 00 00 00 00',
    });
  });

  it("requires every one of the publisher's details in production", () => {
    expect(loadConfig(PRODUCTION).operator.name).toBe('Avis Clients SAS');
    for (const name of Object.keys(OPERATOR)) {
      const message = fail({ ...PRODUCTION, [name]: '' });
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} is required in production \\(`));
      expect(message).not.toContain('\n');
    }
    // The VAT number stays optional: a company below the threshold has none.
    expect(loadConfig(PRODUCTION).operator.vat).toBeNull();
  });

  it("refuses a malformed publisher's detail in one line", () => {
    expect(fail({ OPERATOR_EMAIL: 'contact-at-avis' })).toBe('Invalid configuration: OPERATOR_EMAIL must be an e-mail address (got "contact-at-avis")');
    expect(fail({ OPERATOR_ADDRESS: '[Adresse du siège social]' })).toMatch(/^Invalid configuration: OPERATOR_ADDRESS must be the real value, not a \[placeholder\]/);
    expect(fail({ OPERATOR_SHARE_CAPITAL: '10 000 €' })).toMatch(/^Invalid configuration: OPERATOR_SHARE_CAPITAL must be an amount in euros/);
    expect(fail({ OPERATOR_VAT: 'TVA' })).toMatch(/^Invalid configuration: OPERATOR_VAT must be an intra-community VAT number/);
    expect(fail({ OPERATOR_PHONE: 'appelez-nous' })).toMatch(/^Invalid configuration: OPERATOR_PHONE must be a telephone number/);
    const multiline = fail({ HOSTING_PROVIDER: 'Hébergeur\nRoubaix' });
    expect(multiline).toMatch(/^Invalid configuration: HOSTING_PROVIDER must be one line of text/);
    expect(multiline).not.toContain('\n');
  });

  it("derives the relay's SPF include and the self-test mailbox, and validates both when given", () => {
    const defaults = loadConfig({ APP_URL: 'https://avis.example.fr' });
    expect(defaults.deliverability).toEqual({ spfInclude: '_spf.avis.localhost', selfTestMailbox: 'deliverability-test@avis.example.fr' });
    expect(loadConfig({ MAIL_FROM: 'Avis <no-reply@Mail.Avis.Example>' }).deliverability.spfInclude).toBe('_spf.mail.avis.example');
    const set = loadConfig({ MAIL_SPF_INCLUDE: 'SPF.Brevo.com', DELIVERABILITY_MAILBOX: 'boite@controle.example' });
    expect(set.deliverability).toEqual({ spfInclude: 'spf.brevo.com', selfTestMailbox: 'boite@controle.example' });
    expect(fail({ MAIL_SPF_INCLUDE: 'include:spf.brevo.com' })).toBe(
      'Invalid configuration: MAIL_SPF_INCLUDE must be a domain name such as _spf.example.com (got "include:spf.brevo.com")',
    );
    expect(fail({ MAIL_SPF_INCLUDE: 'localhost' })).toMatch(/^Invalid configuration: MAIL_SPF_INCLUDE must be a domain name/);
    expect(fail({ DELIVERABILITY_MAILBOX: 'pas-une-adresse' })).toBe('Invalid configuration: DELIVERABILITY_MAILBOX must be an e-mail address (got "pas-une-adresse")');
  });
});
