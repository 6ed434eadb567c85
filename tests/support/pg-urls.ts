/** The same server as DATABASE_URL, another database name. */
export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Where CREATE/DROP DATABASE run: the database DATABASE_URL names. */
export function adminUrl(baseUrl: string): string {
  return baseUrl;
}
