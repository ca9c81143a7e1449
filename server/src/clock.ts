import type { Db, Queryable } from './db/types';
import { toInt, toIso } from './db/values';

/**
 * The server's one clock (docs/architecture.md, "One clock"): every rule that depends on time (cashback
 * periods, check-in days and streaks, limit waits, session idling, order expiry) reads it, in JavaScript
 * through the context's Clock and in SQL through app_now() (migration 029). Both are the real time plus one
 * offset kept in the database, so every instance, the operator's command and the SQL agree; tests move it
 * instead of waiting, and so can the sandbox's operators (`npm run ops -- clock …`). Outside sandbox the
 * offset is 0 and nothing moves it.
 */
export interface Clock {
  now(): Date;
}

/** The offset the database holds, in milliseconds. */
export async function readClockOffset(q: Queryable): Promise<number> {
  const r = await q.query<{ offset_ms: unknown }>('SELECT offset_ms FROM clock_offset WHERE id');
  return r.rows[0] ? toInt(r.rows[0].offset_ms) : 0;
}

/** The real time plus the database's offset, as last read (refresh) or set here. */
export class DatabaseClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly db: Db) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Reads the offset again: another instance or the operator's command may have moved it. */
  async refresh(): Promise<number> {
    this.offsetMs = await readClockOffset(this.db);
    return this.offsetMs;
  }

  /** Moves the clock by `ms` (forward when positive) for this instance, the database and its SQL at once. */
  async advance(ms: number): Promise<Date> {
    const r = await this.db.query<{ offset_ms: unknown }>(
      'UPDATE clock_offset SET offset_ms = offset_ms + $1 WHERE id RETURNING offset_ms',
      [Math.round(ms)],
    );
    this.offsetMs = toInt(r.rows[0]!.offset_ms);
    return this.now();
  }

  /** Sets the clock to a moment (the offset from the real time to it). */
  async setTo(moment: Date): Promise<Date> {
    return this.advance(moment.getTime() - this.now().getTime());
  }

  /** Back to the real time. */
  async reset(): Promise<Date> {
    await this.db.query('UPDATE clock_offset SET offset_ms = 0 WHERE id', []);
    this.offsetMs = 0;
    return this.now();
  }
}

/**
 * The clock a server starts with: the database's offset, which only a sandbox may hold. A production
 * server finding one refuses to start: its orders, limits and sessions would run on a moved time.
 */
export async function startClock(db: Db, sandbox: boolean): Promise<DatabaseClock> {
  const clock = new DatabaseClock(db);
  const offset = await clock.refresh();
  if (offset !== 0 && !sandbox)
    throw new Error(
      `The database's clock is moved by ${offset} ms (a sandbox's operator did it): a server with SANDBOX=false ` +
        'runs on the real time only. Reset it on the sandbox first: npm run ops -- clock reset',
    );
  return clock;
}

/**
 * The clock's time read in a transaction, for rules given only the database (the same time app_now() gives
 * the transaction's SQL).
 */
export async function clockNow(q: Queryable): Promise<Date> {
  const r = await q.query<{ now: unknown }>('SELECT app_now() AS now');
  return new Date(toIso(r.rows[0]!.now));
}
