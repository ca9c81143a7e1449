/** What every module that talks to the database needs: PGlite and PostgreSQL both provide it. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: commit on return, rollback on throw. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onMessage with the payload of each NOTIFY on channel (sent with pg_notify inside a transaction,
   * it arrives after that transaction commits, from any instance on the database). Resolves once
   * listening; the answer stops it.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
