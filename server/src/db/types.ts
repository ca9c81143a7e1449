/** What every module that talks to the database needs: PGlite and PostgreSQL both provide it. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A hot statement (run on most requests): PostgreSQL parses and plans it once per pool connection, as a
   * named prepared statement, instead of at every run; planning cost more than running on the session
   * lookup. Name every column it returns (no `*`): a prepared statement whose columns change under it
   * (a migration adding one) fails until the connection closes. PGlite ignores it.
   */
  prepared?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: commit on return, rollback on throw. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls onMessage with the channel and payload of each NOTIFY on any of channels (sent with pg_notify
   * inside a transaction, it arrives after that transaction commits, from any instance on the database).
   * The channels share one connection, so their messages arrive in the order their transactions committed.
   * Resolves once listening; the answer stops it.
   */
  listen(
    channels: readonly string[],
    onMessage: (channel: string, payload: string) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
