/** A small levelled logger. Log lines never carry customer personal data (names, e-mails). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(scope: string): Logger;
}

/**
 * A failed query's message (Drizzle's "Failed query: …\nparams: …") lists the statement's parameters:
 * customers' e-mails and names, the very values the database refused. Whatever path an error takes
 * into a log line (a message copied into a field, a job's text), the parameters are cut there.
 */
export const withoutQueryParameters = (text: string) => text.replace(/\nparams: [\s\S]*$/, '\nparams: [not logged]');

const cleanField = (_key: string, value: unknown) => (typeof value === 'string' ? withoutQueryParameters(value) : value);

export function createLogger(level: LogLevel = 'info', scope = 'app'): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} [${scope}] ${withoutQueryParameters(message)}${fields ? ` ${JSON.stringify(fields, cleanField)}` : ''}`;
    // warn and error go to stderr, the rest to stdout
    if (at === 'error' || at === 'warn') process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (child) => createLogger(level, `${scope}:${child}`),
  };
}
