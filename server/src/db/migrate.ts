import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import type { Db, Queryable } from './types';

export const MIGRATIONS_DIR = path.join(ROOT, 'server/src/db/migrations');
/** Any fixed number: every instance of this app takes the same advisory lock while migrating. */
const MIGRATION_LOCK_KEY = 7_240_311;

/** The migration files in the order they apply: by name, so 001_…, 002_… */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
}

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction, and
 * returns the names it applied. Safe to re-run. On PostgreSQL each transaction first takes an advisory
 * lock, so when two instances start at once the second waits, then finds the migration recorded.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.tx(async (q) => {
    await lock(db, q);
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const name of migrationFiles(dir)) {
    const didApply = await db.tx(async (q) => {
      await lock(db, q);
      const found = await q.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (found.rows.length > 0) return false;
      // Without parameters the driver runs the whole file, several statements at once.
      await q.query(readFileSync(path.join(dir, name), 'utf8'));
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}

/**
 * The migrations of this code that the database has not applied, in order: every one when it has no
 * schema_migrations table (an empty database, or not this site's).
 */
export async function pendingMigrations(q: Queryable): Promise<string[]> {
  const table = await q.query<{ found: boolean }>(
    `SELECT to_regclass('schema_migrations') IS NOT NULL AS found`,
  );
  if (!table.rows[0]?.found) return migrationFiles();
  const applied = await q.query<{ name: string }>('SELECT name FROM schema_migrations');
  const names = new Set(applied.rows.map((r) => r.name));
  return migrationFiles().filter((name) => !names.has(name));
}

/** Transaction-scoped, so it is released on commit or rollback. PGlite has one connection: no lock needed. */
async function lock(db: Db, q: Queryable): Promise<void> {
  if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
}
