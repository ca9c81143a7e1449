import type { components } from '@core/contract';
import type { Queryable } from '../../db/types';
import { toInt, toIso } from '../../db/values';

type Candidate = components['schemas']['StaffPaymentCandidate'];

/** How many candidates staff are shown for one payment. */
const SHOWN = 5;
/** An order code this close to the bill number was most likely mistyped by the payer. */
const CLOSE_EDITS = 2;

/**
 * The deposit orders an unmatched payment may belong to (docs/backoffice.md, "Screens"): what the operator
 * would otherwise search by hand. Only orders the payment could be applied to (applyStaffPayment): the
 * same amount and currency, not credited, still creditable, made from 24 hours before the payment to one
 * hour after it (a clock may be off). Best first: a code within CLOSE_EDITS characters of the bill number,
 * then the nearest in time.
 */
export async function paymentCandidates(
  q: Queryable,
  payment: { billNumber: string; amount: number; currency: string; paidAt: string },
): Promise<Candidate[]> {
  const r = await q.query<{
    code: string;
    username: string;
    amount: unknown;
    status: Candidate['status'];
    created_at: unknown;
    seconds_apart: number;
  }>(
    `SELECT o.code, p.username, o.amount, o.status, o.created_at,
       abs(extract(epoch FROM o.created_at - $3::timestamptz))::float8 AS seconds_apart
     FROM orders o JOIN players p ON p.id = o.player_id
     WHERE o.kind = 'DEPOSIT' AND o.amount = $1 AND o.currency = $2 AND o.credited_at IS NULL
       AND o.status IN ('OPEN', 'CANCELED', 'FAILED')
       AND o.created_at BETWEEN $3::timestamptz - interval '24 hours' AND $3::timestamptz + interval '1 hour'
     ORDER BY seconds_apart LIMIT 200`,
    [payment.amount, payment.currency, payment.paidAt],
  );
  const bill = payment.billNumber.trim().toUpperCase();
  return r.rows
    .map((row) => ({
      code: row.code,
      username: row.username,
      amount: toInt(row.amount),
      status: row.status,
      createdAt: toIso(row.created_at),
      closeReference: editDistance(bill, row.code, CLOSE_EDITS) <= CLOSE_EDITS,
      secondsApart: row.seconds_apart,
    }))
    .sort((a, b) => Number(b.closeReference) - Number(a.closeReference) || a.secondsApart - b.secondsApart)
    .slice(0, SHOWN)
    .map(({ secondsApart: _apart, ...candidate }) => candidate);
}

/** Levenshtein distance between a and b, or anything above `limit` once it is known to exceed it. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}
