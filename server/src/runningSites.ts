import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Db, Queryable } from './db/types';
import { ROOT } from './paths';

/**
 * Each running site of this checkout notes where its data is, so that `npm run ops` started without the
 * same DATA_DIR can tell the operator which one to use instead of answering from the wrong database. One
 * small file per server process under build/running-sites/, removed when it stops; a file left by a
 * process that is gone (killed) is ignored, and removed by the next reader or writer. Only a hint: ops
 * never opens a database because of it.
 */
export const RUNNING_SITES_DIR = path.join(ROOT, 'build', 'running-sites');

export interface RunningSite {
  pid: number;
  /** The embedded database's absolute directory; null on PostgreSQL (whose URL, with its password, is not written). */
  dataDir: string | null;
  url: string;
  startedAt: string;
}

/** Notes this process as a running site; answers the removal. Failing to write (a read-only checkout) is not fatal. */
export function noteRunningSite(
  site: Omit<RunningSite, 'pid' | 'startedAt'>,
  dir = RUNNING_SITES_DIR,
): () => void {
  const file = path.join(dir, `${process.pid}.json`);
  const note: RunningSite = { pid: process.pid, ...site, startedAt: new Date().toISOString() };
  mkdirSync(dir, { recursive: true });
  runningSites(dir); // clears the files of killed processes, which would otherwise pile up
  writeFileSync(file, `${JSON.stringify(note)}\n`);
  return () => rmSync(file, { force: true });
}

/** The sites of this checkout running now. */
export function runningSites(dir = RUNNING_SITES_DIR): RunningSite[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    return [];
  }
  const sites: RunningSite[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      const site = JSON.parse(readFileSync(file, 'utf8')) as RunningSite;
      if (processAlive(site.pid)) sites.push(site);
      else rmSync(file, { force: true });
    } catch {
      // Being written or removed right now, or not ours: nothing to tell.
    }
  }
  return sites;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What a running site tells `npm run ops` through its database (table running_sites), so the CLI acts on
 * PostgreSQL as the site does without the operator repeating its settings: sandbox mode (which decides the
 * provider secret), where its own sandbox providers answer, and the DATA_DIR holding its sandbox audit
 * key. Never a secret: any reader of the database sees it.
 */
export interface SiteRecord {
  instance: string;
  host: string;
  pid: number;
  url: string;
  providerUrl: string;
  sandbox: boolean;
  /** Absolute. */
  dataDir: string;
}

/** A site's heartbeat: more often than STALE_SECONDS, so a live site's row is never taken for a dead one's. */
export const HEARTBEAT_SECONDS = 30;
const STALE_SECONDS = 120;

/**
 * Writes this site's row and keeps it fresh; answers its removal (at stop). A killed site's row stops
 * beating and is ignored after STALE_SECONDS, and deleted a day later by any site's heartbeat.
 */
export async function recordRunningSite(
  db: Db,
  site: Omit<SiteRecord, 'instance' | 'host' | 'pid'>,
  onError: (err: unknown) => void,
): Promise<() => Promise<void>> {
  const instance = randomUUID();
  await db.query(
    `INSERT INTO running_sites (instance, host, pid, url, provider_url, sandbox, data_dir)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [instance, hostname(), process.pid, site.url, site.providerUrl, site.sandbox, site.dataDir],
  );
  const beat = setInterval(() => {
    db.query('UPDATE running_sites SET heartbeat_at = now() WHERE instance = $1', [instance])
      .then(() => db.query("DELETE FROM running_sites WHERE heartbeat_at < now() - interval '1 day'", []))
      .catch(onError);
  }, HEARTBEAT_SECONDS * 1000);
  beat.unref();
  return async () => {
    clearInterval(beat);
    await db.query('DELETE FROM running_sites WHERE instance = $1', [instance]);
  };
}

/**
 * A live site on this database, one of this machine first (its provider address is then reachable as
 * written), newest first; null when none runs. On this machine a row of a process that is gone counts as
 * dead at once.
 */
export async function liveSiteOf(q: Queryable): Promise<SiteRecord | null> {
  const r = await q.query<{
    instance: string;
    host: string;
    pid: number;
    url: string;
    provider_url: string;
    sandbox: boolean;
    data_dir: string;
  }>(
    `SELECT instance, host, pid, url, provider_url, sandbox, data_dir FROM running_sites
     WHERE heartbeat_at > now() - make_interval(secs => $1) ORDER BY started_at DESC`,
    [STALE_SECONDS],
  );
  const here = hostname();
  const live = r.rows.filter((row) => row.host !== here || processAlive(row.pid));
  const row = live.find((s) => s.host === here) ?? live[0];
  if (!row) return null;
  return {
    instance: row.instance,
    host: row.host,
    pid: row.pid,
    url: row.url,
    providerUrl: row.provider_url,
    sandbox: row.sandbox,
    dataDir: row.data_dir,
  };
}
