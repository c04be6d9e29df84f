/** The same server, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A database that always exists, to create and drop test databases from. */
export function adminUrl(url: string): string {
  return withDatabase(url, 'postgres');
}
