/** What every module that talks to the database needs: PGlite and PostgreSQL both provide it. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * On PostgreSQL a statement is parsed and planned once per pool connection, as a named prepared
   * statement, instead of at every run (planning cost more than running on most of the pages' reads):
   * automatically for a statement with parameters that names every column it returns (db/connect.ts,
   * preparedByDefault). `true` prepares one without parameters too, `false` never. A prepared statement
   * whose columns change under it (`*` and a migration adding one) fails until the connection closes,
   * which is why `*` opts out. PGlite ignores it.
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
