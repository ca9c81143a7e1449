import { randomInt, randomUUID } from 'node:crypto';
import { isPublicAddress } from '../players/addresses';
import type { components } from '@core/contract';
import { holderNameKey } from '@core/holderNames';
import { addDays, vientianeDay, vientianeDayStart } from '@core/rewardPeriods';
import type { ProviderCode } from '../../adapters';
import type { Queryable } from '../../db/types';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { lockPlayer } from '../players/players';
import { referralClaimRef } from '../ledger/references';
import { creditRewardIn } from './rewardCredits';
import { refuseWithheld, withheldReason } from './rewardProtection';
import { readReferralSettings, type ReferralSettings } from './rewardSettings';
import { GAME_PLAY_KINDS_SQL } from '@core/ledgerKinds';

/**
 * Refer a friend (docs/rewards.md): a visitor who registers through a player's code becomes their friend;
 * the referrer earns a rate of the friends' stakes or net losses of each Vientiane day, accrued once the
 * day is over, capped per calendar month, and claimed to credit with its own turnover. A friend who shares
 * the referrer's device, fingerprint, address or bank account holder earns nothing, and the refusal is kept.
 */

type ReferralOverview = components['schemas']['ReferralOverview'];
type RefusedReason = 'DEVICE' | 'FINGERPRINT' | 'ADDRESS' | 'BANK_ACCOUNT';

const DAY_MS = 24 * 3_600_000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const monthOf = (day: string) => day.slice(0, 7);
const nextMonthStart = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
};

/** The player's code, made the first time it is asked for (unique; a clash draws again). */
export async function referralCodeOf(q: Queryable, playerId: string): Promise<string> {
  for (;;) {
    const found = await q.query<{ code: string }>('SELECT code FROM referral_codes WHERE player_id = $1', [
      playerId,
    ]);
    if (found.rows[0]) return found.rows[0].code;
    const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    await q.query('INSERT INTO referral_codes (player_id, code) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      playerId,
      code,
    ]);
  }
}

/** Who registered, from where: what the abuse checks compare with the referrer's. */
export interface Registration {
  friendId: string;
  code: string;
  ip: string;
  fingerprint: string;
  /** The player the browser's device cookie was given to, if any. */
  deviceOwnerId: string | undefined;
}

/**
 * Makes a new player the friend of the code's owner, in the registration's transaction. An unknown code
 * makes no friend. The friend is recorded refused when the registration shares the referrer's device
 * cookie, fingerprint or public address: the referrer earns nothing on them.
 */
export async function recordReferral(q: Queryable, reg: Registration): Promise<void> {
  const owner = await q.query<{ player_id: string; fingerprint: string | null }>(
    `SELECT c.player_id, p.fingerprint FROM referral_codes c JOIN players p ON p.id = c.player_id WHERE c.code = $1`,
    [reg.code],
  );
  const referrer = owner.rows[0];
  if (!referrer || referrer.player_id === reg.friendId) return;
  let refused: RefusedReason | null = null;
  if (reg.deviceOwnerId === referrer.player_id) refused = 'DEVICE';
  else if (
    referrer.fingerprint === reg.fingerprint ||
    (
      await q.query('SELECT 1 FROM fingerprints WHERE player_id = $1 AND visitor_id = $2 LIMIT 1', [
        referrer.player_id,
        reg.fingerprint,
      ])
    ).rows.length > 0
  )
    refused = 'FINGERPRINT';
  else if (
    isPublicAddress(reg.ip) &&
    (
      await q.query(
        `SELECT 1 FROM sessions WHERE player_id = $1 AND ip = $2
         UNION ALL SELECT 1 FROM fingerprints WHERE player_id = $1 AND ip = $2 LIMIT 1`,
        [referrer.player_id, reg.ip],
      )
    ).rows.length > 0
  )
    refused = 'ADDRESS';
  await q.query(
    `INSERT INTO referrals (friend_id, referrer_id, refused_reason, refused_at)
     VALUES ($1, $2, $3, CASE WHEN $3::text IS NULL THEN NULL ELSE app_now() END) ON CONFLICT DO NOTHING`,
    [reg.friendId, referrer.player_id, refused],
  );
}

/**
 * A friend whose bank account holder is the referrer's is refused from now on (the refusal is kept). Names
 * are compared as the same holder however written (core/holderNames.ts), which SQL's upper and trim do not.
 */
async function refuseSharedBankAccounts(q: Queryable, referrerId: string): Promise<void> {
  const r = await q.query<{ player_id: string; account_name: string }>(
    `SELECT b.player_id, b.account_name FROM bank_accounts b
     WHERE b.player_id = $1
        OR b.player_id IN (SELECT friend_id FROM referrals WHERE referrer_id = $1 AND refused_reason IS NULL)`,
    [referrerId],
  );
  const referrerHolders = new Set(
    r.rows.filter((row) => row.player_id === referrerId).map((row) => holderNameKey(row.account_name)),
  );
  const sharing = r.rows
    .filter((row) => row.player_id !== referrerId && referrerHolders.has(holderNameKey(row.account_name)))
    .map((row) => row.player_id);
  if (sharing.length === 0) return;
  await q.query(
    `UPDATE referrals SET refused_reason = 'BANK_ACCOUNT', refused_at = app_now()
     WHERE referrer_id = $1 AND refused_reason IS NULL AND friend_id = ANY($2::uuid[])`,
    [referrerId, sharing],
  );
}

/** Each day's basis in [from, to]: the eligible friends' stakes, or their net losses, and how many played. */
async function dailyBases(
  q: Queryable,
  referrerId: string,
  basis: ReferralSettings['basis'],
  from: string,
  to: string,
): Promise<Map<string, { friends: number; basis: number }>> {
  const friends = `SELECT friend_id FROM referrals WHERE referrer_id = $1 AND refused_reason IS NULL`;
  const r =
    basis === 'STAKES'
      ? await q.query<{ day: string; friends: unknown; basis: unknown }>(
          `SELECT day, count(DISTINCT player_id)::int AS friends, sum(bets_after - bets_before)::text AS basis
           FROM player_daily_bets WHERE player_id IN (${friends}) AND day >= $2 AND day <= $3 GROUP BY day`,
          [referrerId, from, to],
        )
      : await q.query<{ day: string; friends: unknown; basis: unknown }>(
          `SELECT day, count(*)::int AS friends, sum(GREATEST(0, -net))::text AS basis FROM (
             SELECT a.player_id,
                    to_char(COALESCE(t.played_at, t.created_at) AT TIME ZONE 'UTC' + interval '7 hours', 'YYYY-MM-DD') AS day,
                    sum(p.amount) AS net
             FROM ledger_postings p JOIN ledger_transfers t ON t.id = p.transfer_id
             JOIN ledger_accounts a ON a.id = p.account_id
             WHERE t.kind IN ${GAME_PLAY_KINDS_SQL} AND NOT a.is_system AND a.player_id IN (${friends})
               AND COALESCE(t.played_at, t.created_at) >= $2::timestamptz
               AND COALESCE(t.played_at, t.created_at) < $3::timestamptz
             GROUP BY 1, 2) x
           GROUP BY day`,
          [
            referrerId,
            vientianeDayStart(from).toISOString(),
            vientianeDayStart(addDays(to, 1)).toISOString(),
          ],
        );
  return new Map(r.rows.map((row) => [row.day, { friends: toInt(row.friends), basis: toInt(row.basis) }]));
}

/** The days in [from, to] the referrer spent in a time-out or self-exclusion, in part: they earn nothing. */
async function excludedDays(
  q: Queryable,
  referrerId: string,
  from: string,
  to: string,
): Promise<Set<string>> {
  const r = await q.query<{ starts_at: unknown; ends_at: unknown }>(
    'SELECT starts_at, ends_at FROM player_exclusions WHERE player_id = $1 AND starts_at < $3 AND ends_at > $2',
    [referrerId, vientianeDayStart(from).toISOString(), vientianeDayStart(addDays(to, 1)).toISOString()],
  );
  const days = new Set<string>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const start = vientianeDayStart(day).getTime();
    const end = start + DAY_MS;
    if (
      r.rows.some(
        (x) => new Date(String(x.starts_at)).getTime() < end && new Date(String(x.ends_at)).getTime() > start,
      )
    )
      days.add(day);
  }
  return days;
}

async function accruedInMonth(q: Queryable, referrerId: string, month: string): Promise<number> {
  const r = await q.query<{ total: unknown }>(
    `SELECT COALESCE(sum(amount), 0)::text AS total FROM referral_accruals
     WHERE referrer_id = $1 AND day >= $2 AND day < $3`,
    [referrerId, `${month}-01`, nextMonthStart(month)],
  );
  return toInt(r.rows[0]!.total);
}

/** A day's commission: the rate of its basis, within what the month's cap leaves. */
function commission(settings: ReferralSettings, basis: number, monthSoFar: number): number {
  return Math.max(
    0,
    Math.min(Math.floor((basis * settings.rateBasisPoints) / 10_000), settings.monthlyCap - monthSoFar),
  );
}

/**
 * The first day not accrued yet: the day after the last accrued, or the first friend's day; '9999-12-31'
 * when there is nothing to accrue (no code, no friend). `lock` takes the code row's lock, which accrual
 * holds until it commits.
 */
async function firstDayToAccrue(q: Queryable, referrerId: string, lock: boolean): Promise<string> {
  const account = await q.query<{ accrued_through: string | null }>(
    `SELECT accrued_through FROM referral_codes WHERE player_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [referrerId],
  );
  const first = await q.query<{ first: unknown }>(
    'SELECT min(created_at) AS first FROM referrals WHERE referrer_id = $1',
    [referrerId],
  );
  if (!account.rows[0] || first.rows[0]!.first === null) return NOTHING_TO_ACCRUE;
  const through = account.rows[0].accrued_through;
  return through === null ? vientianeDay(new Date(String(first.rows[0]!.first))) : addDays(through, 1);
}
const NOTHING_TO_ACCRUE = '9999-12-31';

/**
 * Accrues every day that is over and not accrued yet, in the caller's transaction, once (under the code
 * row's lock; a day is a row of referral_accruals). Days are accrued with the terms in force now.
 */
async function accrueIn(
  q: Queryable,
  referrerId: string,
  settings: ReferralSettings,
  now: Date,
): Promise<void> {
  await refuseSharedBankAccounts(q, referrerId);
  const to = addDays(vientianeDay(now), -1);
  // Most reads find no day left to accrue: seen without the code row's lock, they take none (every read
  // of the page would otherwise wait in line behind the others). Under the lock, it is seen again.
  if ((await firstDayToAccrue(q, referrerId, false)) > to) return;
  const from = await firstDayToAccrue(q, referrerId, true);
  if (from > to) return;
  const bases = await dailyBases(q, referrerId, settings.basis, from, to);
  const excluded = await excludedDays(q, referrerId, from, to);
  const monthTotals = new Map<string, number>();
  for (const [day, figures] of [...bases.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const month = monthOf(day);
    const soFar = monthTotals.get(month) ?? (await accruedInMonth(q, referrerId, month));
    const amount = !settings.enabled || excluded.has(day) ? 0 : commission(settings, figures.basis, soFar);
    await q.query(
      `INSERT INTO referral_accruals (referrer_id, day, friends, basis, amount) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [referrerId, day, figures.friends, figures.basis, amount],
    );
    monthTotals.set(month, soFar + amount);
  }
  await q.query('UPDATE referral_codes SET accrued_through = $2 WHERE player_id = $1', [referrerId, to]);
}

async function claimable(q: Queryable, referrerId: string): Promise<number> {
  const r = await q.query<{ accrued: unknown; claimed: unknown }>(
    `SELECT (SELECT COALESCE(sum(amount), 0) FROM referral_accruals WHERE referrer_id = $1)::text AS accrued,
            (SELECT COALESCE(sum(amount), 0) FROM referral_claims WHERE referrer_id = $1)::text AS claimed`,
    [referrerId],
  );
  return toInt(r.rows[0]!.accrued) - toInt(r.rows[0]!.claimed);
}

/** The code, the terms, the friends counted and this month's commission (days over accrued first). */
export async function referralOverview(q: Queryable, playerId: string, now: Date): Promise<ReferralOverview> {
  const settings = await readReferralSettings(q);
  const code = await referralCodeOf(q, playerId);
  await accrueIn(q, playerId, settings, now);
  const today = vientianeDay(now);
  const month = monthOf(today);
  const accrued = await accruedInMonth(q, playerId, month);
  const running = (await dailyBases(q, playerId, settings.basis, today, today)).get(today);
  const paused = await withheldReason(q, playerId, now);
  const todays = running && settings.enabled && !paused ? commission(settings, running.basis, accrued) : 0;
  const counts = await q.query<{ friends: unknown; played: unknown }>(
    `SELECT (SELECT count(*) FROM referrals WHERE referrer_id = $1)::int AS friends,
            (SELECT count(DISTINCT d.player_id) FROM player_daily_bets d JOIN referrals r ON r.friend_id = d.player_id
             WHERE r.referrer_id = $1 AND d.day >= $2 AND d.day < $3)::int AS played`,
    [playerId, `${month}-01`, nextMonthStart(month)],
  );
  const left = await claimable(q, playerId);
  return {
    enabled: settings.enabled,
    code,
    terms: {
      basis: settings.basis,
      rateBasisPoints: settings.rateBasisPoints,
      monthlyCap: settings.monthlyCap,
      turnover: settings.turnover,
    },
    friends: toInt(counts.rows[0]!.friends),
    friendsPlayed: toInt(counts.rows[0]!.played),
    thisMonth: accrued + todays,
    today: todays,
    claimable: left,
    reason: !settings.enabled ? 'DISABLED' : paused ? 'PAUSED' : left > 0 ? 'CLAIMABLE' : 'NOTHING_YET',
  };
}

/**
 * Claims everything accrued and not claimed yet to credit at a provider, in the caller's transaction (under
 * the player's lock, so two claims never take the same commission): refused in a time-out, self-exclusion
 * or block, and when nothing is accrued.
 */
export async function claimReferralIn(
  q: Queryable,
  playerId: string,
  provider: ProviderCode,
  now: Date,
): Promise<{ amount: number; provider: ProviderCode; turnoverRequired: number }> {
  await lockPlayer(q, playerId);
  const settings = await readReferralSettings(q);
  const withheld = await withheldReason(q, playerId, now);
  refuseWithheld(withheld);
  await referralCodeOf(q, playerId);
  await accrueIn(q, playerId, settings, now);
  const amount = await claimable(q, playerId);
  if (!settings.enabled || amount <= 0)
    throw new DomainError('REWARD_NOT_CLAIMABLE', 'No commission is waiting to be claimed');
  const id = randomUUID();
  await q.query('INSERT INTO referral_claims (id, referrer_id, amount, provider) VALUES ($1, $2, $3, $4)', [
    id,
    playerId,
    amount,
    provider,
  ]);
  await creditRewardIn(q, {
    reference: referralClaimRef(id),
    kind: 'REFERRAL',
    playerId,
    provider,
    amount,
    turnover: settings.turnover,
  });
  return { amount, provider, turnoverRequired: amount * settings.turnover };
}

/** The referrer's friends and refusals, for the operator: counts only, by reason. */
export async function referralRefusals(q: Queryable, referrerId: string): Promise<Record<string, number>> {
  const r = await q.query<{ reason: string | null; n: unknown }>(
    'SELECT refused_reason AS reason, count(*)::int AS n FROM referrals WHERE referrer_id = $1 GROUP BY 1',
    [referrerId],
  );
  return Object.fromEntries(r.rows.map((row) => [row.reason ?? 'ACTIVE', toInt(row.n)]));
}
