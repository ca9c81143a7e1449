import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
