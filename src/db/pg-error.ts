/** The SQLSTATE of a database error, from pg or PGlite directly or wrapped by Drizzle (`cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Deadlock victim or serialization failure: the statement was rolled back and can be run again. */
export const isRetryableConflict = (error: unknown) => ['40P01', '40001'].includes(pgErrorCode(error) ?? '');
