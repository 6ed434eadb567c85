/**
 * The server process: `--role=all|web|worker` (npm start, start:web, start:worker), loaded by main.ts
 * once the runtime is known to be supported. Configuration problems stop the start with one clear line.
 */
import { ConfigError, loadConfig, type Role } from './config';
import { DataDirLockedError } from '#db/client';
import { startServices } from './bootstrap';

function roleFromArgs(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? process.env.ROLE ?? 'all';
  if (arg !== 'all' && arg !== 'web' && arg !== 'worker') {
    console.error(`Invalid configuration: --role must be all, web or worker (got "${arg}")`);
    process.exit(1);
  }
  return arg;
}

async function main() {
  const role = roleFromArgs(process.argv.slice(2));
  let services: Awaited<ReturnType<typeof startServices>>;
  try {
    services = await startServices(loadConfig(process.env, role));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let stopping = false;
  // A graceful stop (decision 023): nothing is claimed after the signal, the web server drains, work
  // under way finishes or is released within SHUTDOWN_GRACE_SECONDS, then the process exits 0.
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = services.ctx.config.shutdownGraceSeconds * 1000;
    services.ctx.log.info(`${signal} received, stopping within ${graceMs / 1000} s`);
    // Only if the stop itself hangs past its grace.
    const force = setTimeout(() => process.exit(1), graceMs + 5_000);
    force.unref();
    services.stop(graceMs).then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
