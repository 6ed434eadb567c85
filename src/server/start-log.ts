/**
 * What the start log says beyond 'web listening': outside production, where a newcomer finds what
 * `npm start` set up for them (the README lists the same), so the first run needs no reading.
 */
import type { Config } from './config';
import { DEMO_ACCOUNT } from './demo/seed-demo';

type StartConfig = Pick<Config, 'production' | 'appUrl' | 'demoMode'> & { mail: Pick<Config['mail'], 'transport'> };

/**
 * One line per local tool the process serves: the outbox page when e-mails go to the outbox, the
 * local Shopify when the emulator is mounted (`emulatorMounted`: the context has one), and the demo
 * sign-in when demo mode is on. None in production: there the outbox page and the emulator are off,
 * and the demo's published credentials must not be advertised.
 */
export function startLogLines(config: StartConfig, emulatorMounted: boolean): string[] {
  if (config.production) return [];
  const base = config.appUrl.replace(/\/+$/, '');
  const lines: string[] = [];
  if (config.mail.transport === 'outbox') lines.push(`e-mails are kept in the local outbox: ${base}/dev/outbox`);
  if (emulatorMounted) lines.push(`local Shopify (emulator): ${base}/_shopify`);
  if (config.demoMode) lines.push(`demo sign-in: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`);
  return lines;
}
