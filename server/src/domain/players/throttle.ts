import type { Db, Queryable } from '../../db/types';

/**
 * Login throttling, kept in the database so every instance sees the same counts.
 *
 * Per username + address: after FREE_FAILURES failures within the window (since the last success), each
 * further attempt must wait BASE_DELAY doubled per extra failure, up to MAX_DELAY. Keyed on the pair, so
 * someone hammering a player's username from one address never locks the player out of their own device.
 * Per address: a looser ceiling across all usernames, against one address spraying many accounts. Past
 * it, anonymous attempts meet a delay that doubles with each further failure (up to MAX_DELAY), never a
 * flat lockout. Thousands of players may share one address (carrier NAT), so an attempt from a browser
 * the player logged in from before (a known device cookie, loginDevices.ts; OWASP's "device cookies") is
 * exempt from the address ceiling; the per-username-and-address delay still applies to it.
 * Staff sign-ins (and codes given to `npm run ops`) add a third count, per account across every address:
 * guessing one member's authenticator code from many addresses meets the same growing delay as from one
 * (docs/backoffice.md). It lets a stranger slow a member's own sign-in down, never lock it for good: a
 * price the back office pays for its money decisions, which the player site's login does not.
 * All expire with the window: nothing locks anyone out for good.
 */
export const THROTTLE = {
  windowMinutes: 15,
  freeFailures: 5,
  baseDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  ipFailureLimit: 30,
  /** Staff only: failures of one account from any address before its delay starts. */
  accountFreeFailures: 5,
} as const;

/**
 * Starts a login attempt. It is recorded as a failure at once and only marked a success once the password
 * proved right, so parallel guesses see each other while the password check runs and cannot slip past
 * the limit together. Answers the seconds to wait (0: go ahead); a throttled attempt is removed again, so
 * waiting out a delay is never made longer by trying during it.
 */
export async function beginAttempt(
  db: Db,
  username: string,
  ip: string,
  knownDevice = false,
): Promise<{ attemptId: string; retryAfter: number }> {
  return begin(db, username, ip, { knownDevice, perAccount: false });
}

/**
 * A staff sign-in or a code given to `npm run ops` (`account` is "staff:<username>"): as beginAttempt, plus
 * the account's own count across every address.
 */
export async function beginStaffAttempt(
  db: Db,
  account: string,
  ip: string,
): Promise<{ attemptId: string; retryAfter: number }> {
  return begin(db, account, ip, { knownDevice: false, perAccount: true });
}

async function begin(
  db: Db,
  username: string,
  ip: string,
  options: { knownDevice: boolean; perAccount: boolean },
): Promise<{ attemptId: string; retryAfter: number }> {
  const account = username.slice(0, 64);
  return db.tx(async (q) => {
    // Ids come from a sequence, and rows commit in another order than their ids were drawn: without a lock,
    // an attempt could count the ones before it while one of them was still uncommitted, and slip through.
    // The address's lock orders every attempt from it (the pair's count and the address's); a staff
    // account's lock, always taken first, orders its attempts from every address.
    if (options.perAccount) await q.query(LOCK_SQL, [`throttle-account:${account}`]);
    await q.query(LOCK_SQL, [`throttle-ip:${ip}`]);
    const inserted = await q.query<{ id: string }>(
      'INSERT INTO login_attempts (username, ip, succeeded) VALUES ($1, $2, false) RETURNING id',
      [account, ip],
    );
    const attemptId = String(inserted.rows[0]!.id);
    const retryAfter = await retryAfterSeconds(q, account, ip, attemptId, options);
    if (retryAfter > 0) await q.query('DELETE FROM login_attempts WHERE id = $1', [attemptId]);
    return { attemptId, retryAfter };
  });
}

const LOCK_SQL = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))';

/** The password was right: this attempt no longer counts as a failure, and resets the pair's count. */
export async function markAttemptSucceeded(q: Queryable, attemptId: string): Promise<void> {
  await q.query('UPDATE login_attempts SET succeeded = true WHERE id = $1', [attemptId]);
}

/** Seconds to wait before attempt `attemptId` may proceed, judged by the attempts made before it. */
async function retryAfterSeconds(
  q: Queryable,
  username: string,
  ip: string,
  attemptId: string,
  options: { knownDevice: boolean; perAccount: boolean },
): Promise<number> {
  // Ages are computed by the database clock, the one that stamped the rows, so instances may disagree
  // about the time without affecting the delays.
  const pair = await q.query<{ failures: number; since_last: number | null }>(
    `SELECT count(*)::int AS failures, extract(epoch FROM app_now() - max(created_at))::float8 AS since_last
     FROM login_attempts
     WHERE username = $1 AND ip = $2 AND NOT succeeded AND id < $4
       AND created_at > app_now() - make_interval(mins => $3)
       AND created_at > coalesce(
         (SELECT max(created_at) FROM login_attempts WHERE username = $1 AND ip = $2 AND succeeded),
         '-infinity'::timestamptz)`,
    [username, ip, THROTTLE.windowMinutes, attemptId],
  );
  const { failures, since_last } = pair.rows[0] ?? { failures: 0, since_last: null };
  let wait = growingDelay(failures, THROTTLE.freeFailures, since_last);
  if (options.perAccount) {
    const account = await q.query<{ failures: number; since_last: number | null }>(
      `SELECT count(*)::int AS failures, extract(epoch FROM app_now() - max(created_at))::float8 AS since_last
       FROM login_attempts
       WHERE username = $1 AND NOT succeeded AND id < $3
         AND created_at > app_now() - make_interval(mins => $2)
         AND created_at > coalesce(
           (SELECT max(created_at) FROM login_attempts WHERE username = $1 AND succeeded),
           '-infinity'::timestamptz)`,
      [username, THROTTLE.windowMinutes, attemptId],
    );
    const row = account.rows[0];
    if (row) wait = Math.max(wait, growingDelay(row.failures, THROTTLE.accountFreeFailures, row.since_last));
  }
  if (options.knownDevice) return wait;

  const perIp = await q.query<{ failures: number; since_last: number | null }>(
    `SELECT count(*)::int AS failures, extract(epoch FROM app_now() - max(created_at))::float8 AS since_last
     FROM login_attempts
     WHERE ip = $1 AND NOT succeeded AND id < $3 AND created_at > app_now() - make_interval(mins => $2)`,
    [ip, THROTTLE.windowMinutes, attemptId],
  );
  const ipRow = perIp.rows[0];
  if (ipRow) wait = Math.max(wait, growingDelay(ipRow.failures, THROTTLE.ipFailureLimit, ipRow.since_last));
  return wait;
}

/**
 * Seconds still to wait after `failures` failures, the last `sinceLast` seconds ago: none up to `free`,
 * then BASE_DELAY doubled per failure beyond it, capped at MAX_DELAY.
 */
function growingDelay(failures: number, free: number, sinceLast: number | null): number {
  if (failures < free || sinceLast === null) return 0;
  const delay = Math.min(THROTTLE.baseDelaySeconds * 2 ** (failures - free), THROTTLE.maxDelaySeconds);
  return Math.max(0, Math.ceil(delay - sinceLast));
}

/** Housekeeping: attempts older than a day matter neither for throttling nor for recent audit. */
export async function deleteOldAttempts(q: Queryable): Promise<number> {
  const res = await q.query(`DELETE FROM login_attempts WHERE created_at < app_now() - interval '1 day'`);
  const reg = await q.query(
    `DELETE FROM registration_attempts WHERE created_at < app_now() - interval '1 day'`,
  );
  const hits = await q.query(`DELETE FROM address_hits WHERE created_at < app_now() - interval '1 day'`);
  return res.rowCount + reg.rowCount + hits.rowCount;
}

/**
 * Counts a registration from an address against its hourly limit. Recorded and counted under the
 * address's lock, so parallel registrations see each other; a refused one is removed again. Answers the seconds to wait
 * (0: go ahead).
 */
export async function beginRegistration(db: Db, ip: string, limitPerHour: number): Promise<number> {
  return db.tx(async (q) => {
    await q.query(LOCK_SQL, [`throttle-registration:${ip}`]);
    return countRegistration(q, ip, limitPerHour);
  });
}

async function countRegistration(q: Queryable, ip: string, limitPerHour: number): Promise<number> {
  const inserted = await q.query<{ id: string }>(
    'INSERT INTO registration_attempts (ip) VALUES ($1) RETURNING id',
    [ip],
  );
  const id = String(inserted.rows[0]!.id);
  const { rows } = await q.query<{ n: string; oldest_age: number | null }>(
    `SELECT count(*) AS n, extract(epoch FROM app_now() - min(created_at))::float8 AS oldest_age
       FROM registration_attempts
      WHERE ip = $1 AND created_at > app_now() - interval '1 hour' AND id <= $2`,
    [ip, id],
  );
  const count = Number(rows[0]?.n ?? 0);
  if (count <= limitPerHour) return 0;
  await q.query('DELETE FROM registration_attempts WHERE id = $1', [id]);
  return Math.max(1, Math.ceil(3600 - Number(rows[0]?.oldest_age ?? 0)));
}

/**
 * Counts an anonymous call of `kind` (a fingerprint post, a username check) from an address against its
 * limit per window, like beginRegistration. Answers the seconds to wait (0: go ahead).
 */
export async function beginAddressHit(
  db: Db,
  kind: string,
  ip: string,
  limit: number,
  windowSeconds: number,
): Promise<number> {
  return db.tx(async (q) => {
    await q.query(LOCK_SQL, [`throttle-${kind}:${ip}`]);
    return countAddressHit(q, kind, ip, limit, windowSeconds);
  });
}

async function countAddressHit(
  q: Queryable,
  kind: string,
  ip: string,
  limit: number,
  windowSeconds: number,
): Promise<number> {
  const inserted = await q.query<{ id: string }>(
    'INSERT INTO address_hits (kind, ip) VALUES ($1, $2) RETURNING id',
    [kind, ip],
  );
  const id = String(inserted.rows[0]!.id);
  const { rows } = await q.query<{ n: number; oldest_age: number | null }>(
    `SELECT count(*)::int AS n, extract(epoch FROM app_now() - min(created_at))::float8 AS oldest_age
       FROM address_hits
      WHERE kind = $1 AND ip = $2 AND created_at > app_now() - make_interval(secs => $3) AND id <= $4`,
    [kind, ip, windowSeconds, id],
  );
  if ((rows[0]?.n ?? 0) <= limit) return 0;
  await q.query('DELETE FROM address_hits WHERE id = $1', [id]);
  return Math.max(1, Math.ceil(windowSeconds - Number(rows[0]?.oldest_age ?? 0)));
}
