/**
 * A logger that keeps every line it is given, for tests that check what was logged and at which
 * level. Its children write to the same list.
 */
import type { Logger } from '#server/logger';

export interface LoggedLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  fields?: Record<string, unknown>;
}

export function recordingLogger(): { log: Logger; lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const record = (level: LoggedLine['level']) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  const log: Logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error'), child: () => log };
  return { log, lines };
}
