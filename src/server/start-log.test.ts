import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startLogLines } from './start-log';

describe('startLogLines', () => {
  it('names the outbox, the local Shopify and the demo sign-in on a plain `npm start`', () => {
    const config = loadConfig({});
    expect(startLogLines(config, config.shopify.emulator)).toEqual([
      'e-mails are kept in the local outbox: http://localhost:3000/dev/outbox',
      'local Shopify (emulator): http://localhost:3000/_shopify',
      'demo sign-in: demo@avis-clients.test / demo-avis-clients',
    ]);
  });

  it('builds the addresses on APP_URL, without doubling a trailing slash', () => {
    const config = loadConfig({ APP_URL: 'https://avis.example.test/', DEMO_MODE: 'false' });
    expect(startLogLines(config, true)).toEqual([
      'e-mails are kept in the local outbox: https://avis.example.test/dev/outbox',
      'local Shopify (emulator): https://avis.example.test/_shopify',
    ]);
  });

  it('leaves out what is not there: SMTP instead of the outbox, no emulator, no demo', () => {
    const config = loadConfig({ SMTP_URL: 'smtp://user:pass@mail.example.test:587', DEMO_MODE: 'false' });
    expect(startLogLines(config, false)).toEqual([]);
    expect(startLogLines({ ...config, demoMode: true }, false)).toEqual(['demo sign-in: demo@avis-clients.test / demo-avis-clients']);
  });

  it('says nothing in production, even with the outbox forced', () => {
    const production = { production: true, appUrl: 'https://avis.example', demoMode: true, mail: { transport: 'outbox' as const } };
    expect(startLogLines(production, true)).toEqual([]);
  });
});
