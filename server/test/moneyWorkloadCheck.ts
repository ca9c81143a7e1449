/**
 * The checker of the money workload (moneyWorkload.ts): after a run, with the server stopped, it reads the
 * database (the site's tables and the tables the sandbox bank, payout bank and providers keep on their
 * side) and compares it with what the clients were told. Each violation names its property:
 *
 * - deposit-credited-once: every deposit the bank paid (the sandbox bank's payments, and every callback a
 *   client posted as the bank) is credited exactly once: order SUCCESS, one APPLIED payment, its two ledger
 *   legs, one IN at the provider, and its promotion bonus (ledger leg and IN) once when it has one; a
 *   second payment of the same order is kept UNMATCHED; an unpaid order has no credit anywhere; no payment
 *   is recorded that the bank never made.
 * - payout-at-most-once: the payout bank was asked once per order (sandbox_payouts.requests), pays only
 *   SUCCESS withdrawals (each exactly once, its amount, the player's account), never a rejected or failed
 *   one, and each withdrawal's ledger legs and provider transfers match its status.
 * - no-negative-balance: no player ledger account, posting, provider wallet, provider transaction or round
 *   below zero.
 * - ledger-equals-provider-wallet: per player and provider, the ledger's account plus the game results it
 *   has not booked yet equals the provider's wallet (as `ops invariants` checks it: the final reads book
 *   them, but a read whose wallet call outlasts the provider timeout shows the ledger's figure and books
 *   nothing, as the site does for a silent provider); the providers' own invariant holds; no IN transfer
 *   was left refused.
 * - sums-conserved: the ledger's invariants (conservation per currency, balanced pairs, cached balances,
 *   running chains), `ops invariants` as the operator runs it, and the money equation from the outside:
 *   per player the providers hold what the bank paid in (converted, with bonuses) minus what was paid out,
 *   minus the bonuses taken back, plus the rounds' results and the rewards credited; bank and payout
 *   clearing equal the payments and payouts, reward liability the rewards credited; a promotion cancel took
 *   its bonus back at most once, and exactly when the usage ended.
 * - acknowledged-exactly-once: every acknowledged deposit, withdrawal, move, promotion claim, round,
 *   check-in and referral claim exists once, as acknowledged; no order, move, usage, check-in, referral
 *   claim or key exists that no client was told about; a key never acknowledged has no effect, and a stored
 *   answer is the one the client got; every friend the plan registered through a code is that referrer's.
 * - reward-credited-once: every reward transfer (CASHBACK, CHECK_IN, REFERRAL: reward liability to the
 *   player at a provider) has its reward_credits row, its IN in the outbox and one IN applied at the
 *   provider, all of its amount; none of these exists without the transfer; each cashback payment PAID is
 *   credited once with its amount and only those; each check-in and referral claim once, as recorded.
 * - cashback-loss-paid-once: each game result is settled by at most one payment, of its own player and
 *   inside the payment's period; a payment's net is the sum of the results it settled, and it pays at most
 *   its rate of that loss (so over each player's settled results, cashback never exceeds rate x loss), with
 *   one payment per player and period, whichever of a day and its week the operator settled first.
 * - check-in-once-a-day: at most one CHECK_IN credit per player and Vientiane day.
 * - referral-within-accruals: a referrer's claims never exceed the commission accrued to them, every
 *   accrual belongs to a referrer with friends, and the REFERRAL credits equal the claims.
 * - replay-same-result: once a key answered a success, every later answer under it (retries, double taps,
 *   deliberate replays, the replay of every acknowledged call at the end) is that answer; no 422 for a key
 *   sent again with its own payload.
 * - no-5xx-outside-kill-windows: no 5xx answer (other than the contract's 503 PROVIDER_UNAVAILABLE) from a
 *   request that did not overlap a kill.
 * - operations-resolved: every call sent again while unknown got a definitive answer in the end.
 * - settled: after the settle phase nothing is left open (orders, outbox rows, promotion take-backs).
 */
import { depositCredit, withdrawAmount } from '@core/conversion';
import { REWARD_KINDS as KINDS_OF_REWARDS } from '@core/ledgerKinds';
import { PROVIDERS } from '@core/providers';
import { vientianeDay } from '@core/rewardPeriods';
import type { Db } from '../src/db/types';
import { checkInvariants } from '../src/domain/ledger/ledger';
import { checkProviderInvariants } from '../src/sandbox/provider/wallets';
import type { Call, History } from './moneyWorkloadHistory';

export type Property =
  | 'deposit-credited-once'
  | 'payout-at-most-once'
  | 'no-negative-balance'
  | 'ledger-equals-provider-wallet'
  | 'sums-conserved'
  | 'acknowledged-exactly-once'
  | 'replay-same-result'
  | 'no-5xx-outside-kill-windows'
  | 'operations-resolved'
  | 'settled'
  | 'reward-credited-once'
  | 'cashback-loss-paid-once'
  | 'check-in-once-a-day'
  | 'referral-within-accruals';

export interface Violation {
  property: Property;
  message: string;
  evidence?: unknown;
}

/** How long after a restart's readiness a 5xx still counts as part of the kill window. */
const KILL_WINDOW_GRACE_MS = 1_000;

/** JSON with sorted keys: two answers compare equal whatever their key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value as Record<string, unknown>)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** A call as evidence: what was sent and every attempt, without the session cookie. */
export function callEvidence(call: Call) {
  return {
    id: call.id,
    client: call.client,
    operation: call.operation,
    path: call.path,
    key: call.key,
    payload: call.payload ?? call.raw,
    outcome: call.outcome,
    status: call.status,
    body: call.body,
    attempts: call.attempts.map((a) => ({
      at: new Date(a.start).toISOString().slice(11, 23),
      ms: a.end - a.start,
      ...(a.status !== undefined ? { status: a.status } : {}),
      ...(a.code ? { code: a.code } : {}),
      ...(a.error ? { error: a.error } : {}),
    })),
    ...(call.replayOf !== undefined ? { replayOf: call.replayOf } : {}),
    ...(call.twinOf !== undefined ? { twinOf: call.twinOf } : {}),
  };
}

const num = (value: unknown): number => Number(value);

interface OrderRow {
  code: string;
  kind: 'DEPOSIT' | 'WITHDRAW';
  player_id: string;
  provider: string;
  amount: string;
  credit: string;
  bonus_credit: string;
  returned_credit: string;
  rate: string;
  status: string;
  bank_reference: string | null;
  bank_account_id: string | null;
}

interface TransferRow {
  reference: string;
  kind: string;
  amount: string;
  currency: string;
  order_code: string | null;
  debit_key: string;
  credit_key: string;
}

interface ProviderTxRow {
  provider: string;
  ref: string;
  player_id: string;
  direction: 'IN' | 'OUT';
  amount: string;
  status: 'APPLIED' | 'REFUSED';
  balance_after: string | null;
}

const REWARD_KINDS: readonly string[] = KINDS_OF_REWARDS;
const REWARD_LIABILITY = 'system:reward_liability:THB';
/** The reference each kind of reward is credited under (server/src/domain/ledger/references.ts). */
const REWARD_PREFIX: Record<string, string> = { CASHBACK: 'cb:', CHECK_IN: 'ci:', REFERRAL: 'rf:' };
const isRewardRef = (ref: string) => Object.values(REWARD_PREFIX).some((prefix) => ref.startsWith(prefix));

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export async function checkWorkload(db: Db, h: History): Promise<Violation[]> {
  const violations: Violation[] = [];
  const add = (property: Property, message: string, evidence?: unknown) =>
    violations.push({ property, message, ...(evidence !== undefined ? { evidence } : {}) });
  const players = new Set(h.players.map((p) => p.playerId));
  const clientOf = new Map(h.players.map((p) => [p.playerId, p.index]));
  const ours = <T extends { player_id: string | null }>(rows: T[]) =>
    rows.filter((r) => r.player_id !== null && players.has(r.player_id));
  const read = async <T>(sql: string): Promise<T[]> => (await db.query<T>(sql)).rows;

  const orders = ours(
    await read<OrderRow>(
      `SELECT code, kind, player_id::text AS player_id, provider, amount::text, credit::text,
              bonus_credit::text, returned_credit::text, rate, status, bank_reference, bank_account_id::text AS bank_account_id
       FROM orders`,
    ),
  );
  const orderByCode = new Map(orders.map((o) => [o.code, o]));
  const callbacks = await read<{
    reference: string;
    bill_number: string;
    amount: string;
    status: string;
    outcome: string;
  }>(`SELECT reference, bill_number, amount::text, status, outcome FROM payment_callbacks`);
  const sandboxPayments = await read<{ bill_number: string; amount: string; reference: string }>(
    `SELECT bill_number, amount::text, reference FROM sandbox_payments WHERE status = 'SUCCESS'`,
  );
  const payouts = await read<{
    order_code: string;
    amount: string;
    reference: string;
    requests: number;
    account_number: string;
  }>(`SELECT order_code, amount::text, reference, requests, account_number FROM sandbox_payouts`);
  const accounts = await read<{ id: string; player_id: string; account_number: string }>(
    `SELECT id::text, player_id::text AS player_id, account_number FROM bank_accounts`,
  );
  const transfers = await read<TransferRow>(
    `SELECT t.reference, t.kind, t.amount::text, t.currency, t.order_code, d.key AS debit_key, c.key AS credit_key
     FROM ledger_transfers t JOIN ledger_accounts d ON d.id = t.debit_account_id
     JOIN ledger_accounts c ON c.id = t.credit_account_id`,
  );
  const transferByRef = new Map(transfers.map((t) => [t.reference, t]));
  const ledgerAccounts = await read<{ key: string; balance: string; total: string }>(
    `SELECT a.key, a.balance::text,
            COALESCE((SELECT SUM(p.amount) FROM ledger_postings p WHERE p.account_id = a.id), 0)::text AS total
     FROM ledger_accounts a`,
  );
  const ledgerTotal = new Map(ledgerAccounts.map((a) => [a.key, num(a.total)]));
  const providerTxs = ours(
    await read<ProviderTxRow>(
      `SELECT provider, ref, player_id::text AS player_id, direction, amount::text, status, balance_after::text
       FROM sandbox_provider_transactions`,
    ),
  );
  const txByRef = groupBy(providerTxs, (t) => t.ref);
  const wallets = ours(
    await read<{ provider: string; player_id: string; balance: string }>(
      `SELECT provider, player_id::text AS player_id, balance::text FROM sandbox_provider_wallets`,
    ),
  );
  const rounds = ours(
    await read<{
      id: string;
      provider: string;
      player_id: string;
      status: string;
      bet: string;
      win: string;
      balance_after: string;
    }>(
      `SELECT id::text, provider, player_id::text AS player_id, status, bet::text, win::text, balance_after::text
       FROM sandbox_game_rounds`,
    ),
  );
  const outbox = ours(
    await read<{
      reference: string;
      provider: string;
      player_id: string;
      direction: string;
      kind: string;
      amount: string;
      status: string;
      compensated: boolean;
      last_error: string | null;
    }>(
      `SELECT reference, provider, player_id::text AS player_id, direction, kind, amount::text, status, compensated,
              last_error
       FROM provider_outbox`,
    ),
  );
  const keys = ours(
    await read<{
      player_id: string;
      operation: string;
      key: string;
      state: string;
      response_status: number | null;
      response_body: string | null;
    }>(
      `SELECT player_id::text AS player_id, operation, key, state, response_status, response_body::text AS response_body
       FROM idempotency_keys`,
    ),
  );

  const gameResults = ours(
    await read<{
      player_id: string;
      provider: string;
      booked: string;
      booked_bets: string;
      bets_seen: string;
    }>(
      `SELECT player_id::text AS player_id, provider, booked::text, booked_bets::text, bets_seen::text
       FROM provider_game_results`,
    ),
  );

  const usages = ours(
    await read<{
      id: string;
      player_id: string;
      promotion_id: string;
      provider: string;
      status: string;
      bonus_credit: string;
      cancel_reference: string | null;
    }>(
      `SELECT id::text, player_id::text AS player_id, promotion_id, provider, status, bonus_credit::text, cancel_reference
       FROM promotion_usages`,
    ),
  );

  const keyed = h.calls.filter((c) => c.key !== undefined);
  /** The calls that name an order (in their path, what they sent or what they got): its story. */
  const callsNaming = (code: string) =>
    h.calls.filter(
      (c) =>
        c.path.includes(code) || (c.raw ?? '').includes(code) || JSON.stringify(c.body ?? '').includes(code),
    );
  const ok = (operation: string) => h.calls.filter((c) => c.operation === operation && c.outcome === 'ok');

  // operations-resolved ----------------------------------------------------------------------------------
  for (const call of h.calls) {
    const retried = call.key !== undefined || call.operation !== 'playStudioRound';
    if (retried && call.outcome === 'unknown')
      add('operations-resolved', `${call.operation} never got a definitive answer`, callEvidence(call));
  }

  // no-5xx-outside-kill-windows --------------------------------------------------------------------------
  for (const call of h.calls)
    for (const a of call.attempts) {
      if (a.status === undefined || a.status < 500) continue;
      if (a.status === 503 && a.code === 'PROVIDER_UNAVAILABLE') continue;
      const inWindow = h.killWindows.some(
        (w) => a.end >= w.killedAt && a.start <= (w.readyAt ?? Infinity) + KILL_WINDOW_GRACE_MS,
      );
      if (!inWindow)
        add(
          'no-5xx-outside-kill-windows',
          `${call.operation} answered ${a.status} ${a.code ?? ''} outside any kill window`,
          callEvidence(call),
        );
    }

  // replay-same-result -----------------------------------------------------------------------------------
  const byKey = groupBy(keyed, (c) => `${c.client}\u0000${c.operation}\u0000${c.key}`);
  for (const calls of byKey.values()) {
    // Once a key has answered a success, every later answer under it is that success again. (Before it, a
    // refusal is possible: a refused request stores nothing, and the next one with the key runs afresh.)
    const ended = (c: Call) => c.attempts[c.attempts.length - 1]?.end ?? 0;
    const definitive = calls.filter((c) => c.outcome !== 'unknown').sort((a, b) => ended(a) - ended(b));
    const firstOk = definitive.find((c) => c.outcome === 'ok');
    if (firstOk) {
      const expected = canonical({ status: firstOk.status, body: firstOk.body });
      const later = definitive.filter((c) => c !== firstOk && ended(c) >= ended(firstOk));
      const differing = later.filter((c) => canonical({ status: c.status, body: c.body }) !== expected);
      if (differing.length > 0)
        add(
          'replay-same-result',
          `${firstOk.operation} key ${firstOk.key}: answered ${firstOk.status}, then ${differing.map((c) => `${c.status} ${String(c.body?.code ?? c.body?.order?.code ?? '')}`).join(', ')}`,
          [firstOk, ...differing].map(callEvidence),
        );
    }
    for (const c of calls)
      if (c.attempts.some((a) => a.code === 'IDEMPOTENCY_KEY_REUSED'))
        add('replay-same-result', `${c.operation} key ${c.key}: 422 for the same payload`, callEvidence(c));
  }

  // acknowledged-exactly-once ----------------------------------------------------------------------------
  const playerIdOf = new Map(h.players.map((p) => [p.index, p.playerId]));
  const keysByScope = new Map(keys.map((k) => [`${k.player_id}\u0000${k.operation}\u0000${k.key}`, k]));
  for (const calls of byKey.values()) {
    const first = calls[0]!;
    const scope = `${playerIdOf.get(first.client)}\u0000${first.operation}\u0000${first.key}`;
    const row = keysByScope.get(scope);
    const answered = calls.find((c) => c.outcome === 'ok');
    if (answered && (!row || row.state !== 'done'))
      add(
        'acknowledged-exactly-once',
        `${first.operation} key ${first.key} answered ${answered.status} but no key is stored`,
        callEvidence(answered),
      );
    if (answered && row && row.state === 'done') {
      const stored = canonical({
        status: row.response_status,
        body: JSON.parse(row.response_body ?? 'null'),
      });
      if (stored !== canonical({ status: answered.status, body: answered.body }))
        add(
          'acknowledged-exactly-once',
          `${first.operation} key ${first.key}: the stored answer is not the one given`,
          {
            stored: row,
            call: callEvidence(answered),
          },
        );
    }
    if (!answered && row)
      add(
        'acknowledged-exactly-once',
        `${first.operation} key ${first.key} was never acknowledged, yet its effect committed (key ${row.state})`,
        calls.map(callEvidence),
      );
  }
  const sentKeys = new Set(keyed.map((c) => `${playerIdOf.get(c.client)}\u0000${c.operation}\u0000${c.key}`));
  for (const k of keys)
    if (!sentKeys.has(`${k.player_id}\u0000${k.operation}\u0000${k.key}`))
      add('acknowledged-exactly-once', `a key nobody sent is stored: ${k.operation} ${k.key}`, k);

  const acknowledgedOrders = new Map<string, Call>();
  for (const op of ['createDeposit', 'createWithdraw'])
    for (const call of ok(op)) {
      const code = call.body?.order?.code as string | undefined;
      if (!code) continue;
      acknowledgedOrders.set(code, call);
      const row = orderByCode.get(code);
      const payload = call.payload as { provider: string; amount?: number; credit?: number };
      if (!row) {
        add(
          'acknowledged-exactly-once',
          `${op} acknowledged order ${code}, which does not exist`,
          callEvidence(call),
        );
        continue;
      }
      const expectedKind = op === 'createDeposit' ? 'DEPOSIT' : 'WITHDRAW';
      if (
        row.kind !== expectedKind ||
        row.player_id !== playerIdOf.get(call.client) ||
        row.provider !== payload.provider ||
        (payload.amount !== undefined && num(row.amount) !== payload.amount) ||
        (payload.credit !== undefined && num(row.credit) !== payload.credit)
      )
        add('acknowledged-exactly-once', `order ${code} is not the one acknowledged`, {
          row,
          call: callEvidence(call),
        });
    }
  for (const order of orders)
    if (!acknowledgedOrders.has(order.code))
      add('acknowledged-exactly-once', `order ${order.code} exists but no client was told of it`, order);

  const moves = transfers.filter((t) => t.kind === 'MOVE');
  const acknowledgedMoves = new Set<string>();
  for (const call of ok('moveCredit')) {
    const reference = call.body?.reference as string;
    acknowledgedMoves.add(reference);
    const t = transferByRef.get(reference);
    const payload = call.payload as { from: string; to: string; credit: number };
    const player = playerIdOf.get(call.client);
    if (
      !t ||
      num(t.amount) !== payload.credit ||
      t.debit_key !== `player:${player}:${payload.from}` ||
      t.credit_key !== `player:${player}:${payload.to}`
    )
      add('acknowledged-exactly-once', `move ${reference} is missing or not as acknowledged`, {
        transfer: t,
        call: callEvidence(call),
      });
  }
  for (const t of moves) {
    const player = t.debit_key.split(':')[1]!;
    if (players.has(player) && !acknowledgedMoves.has(t.reference))
      add('acknowledged-exactly-once', `move ${t.reference} exists but no client was told of it`, t);
  }

  const acknowledgedUsages = new Set<string>();
  for (const call of ok('claimPromotion')) {
    const usageId = call.body?.usage?.usageId as string;
    acknowledgedUsages.add(usageId);
    const usage = usages.find((u) => u.id === usageId);
    const payload = call.payload as { promotionId: string; providerId: string };
    if (
      !usage ||
      usage.player_id !== playerIdOf.get(call.client) ||
      usage.promotion_id !== payload.promotionId ||
      usage.provider !== payload.providerId
    )
      add('acknowledged-exactly-once', `promotion usage ${usageId} is missing or not as acknowledged`, {
        usage,
        call: callEvidence(call),
      });
  }
  for (const u of usages)
    if (!acknowledgedUsages.has(u.id))
      add('acknowledged-exactly-once', `promotion usage ${u.id} exists but no client was told of it`, u);

  const roundById = new Map(rounds.map((r) => [r.id, r]));
  for (const call of ok('playStudioRound')) {
    const round = roundById.get(call.body?.roundId as string);
    if (!round || round.player_id !== playerIdOf.get(call.client) || num(round.bet) !== num(call.body.bet))
      add('acknowledged-exactly-once', `round ${call.body?.roundId} is missing or not as acknowledged`, {
        round,
        call: callEvidence(call),
      });
  }
  for (const p of h.players) {
    const played = rounds.filter((r) => r.player_id === p.playerId).length;
    const told = ok('playStudioRound').filter((c) => c.client === p.index).length;
    const unknown = h.unknownPlays.filter((u) => u.client === p.index).length;
    if (played > told + unknown)
      add(
        'acknowledged-exactly-once',
        `player ${p.index} has ${played} rounds; ${told} acknowledged, ${unknown} unknown`,
      );
  }

  // deposit-credited-once ---------------------------------------------------------------------------------
  const bankPaid = new Map<string, { reference: string; amount: number; via: string }[]>();
  for (const p of sandboxPayments)
    bankPaid.set(p.bill_number, [
      ...(bankPaid.get(p.bill_number) ?? []),
      { reference: p.reference, amount: num(p.amount), via: 'sandbox bank' },
    ]);
  for (const p of h.bankPayments)
    bankPaid.set(p.billNumber, [
      ...(bankPaid.get(p.billNumber) ?? []),
      { reference: p.reference, amount: p.amount, via: `callback (${p.how})` },
    ]);
  const knownPayments = new Set([...bankPaid.values()].flat().map((p) => p.reference));
  const callbacksByBill = groupBy(callbacks, (c) => c.bill_number);
  for (const c of callbacks)
    if (!knownPayments.has(c.reference) && orderByCode.has(c.bill_number))
      add('deposit-credited-once', `payment ${c.reference} is recorded, but the bank never made it`, c);
  const appliedLak = callbacks
    .filter((c) => c.outcome === 'APPLIED' && orderByCode.has(c.bill_number))
    .reduce((sum, c) => sum + num(c.amount), 0);
  for (const order of orders.filter((o) => o.kind === 'DEPOSIT')) {
    const pays = bankPaid.get(order.code) ?? [];
    const recorded = callbacksByBill.get(order.code) ?? [];
    const applied = recorded.filter((c) => c.outcome === 'APPLIED');
    const credit = transferByRef.get(`dep:${order.code}:credit`);
    const bank = transferByRef.get(`dep:${order.code}:bank`);
    const ins = (txByRef.get(`dep:${order.code}`) ?? []).filter((t) => t.status === 'APPLIED');
    const evidence = { order, pays, recorded, credit, bank, providerIns: ins };
    if (pays.length === 0) {
      if (
        ['PAID', 'SUCCESS'].includes(order.status) ||
        credit ||
        bank ||
        ins.length > 0 ||
        applied.length > 0
      )
        add('deposit-credited-once', `deposit ${order.code} was credited without a bank payment`, evidence);
      continue;
    }
    const problems: string[] = [];
    if (order.status !== 'SUCCESS') problems.push(`status ${order.status}`);
    if (applied.length !== 1) problems.push(`${applied.length} applied payments`);
    if (applied[0] && order.bank_reference !== applied[0].reference)
      problems.push(`bank reference ${order.bank_reference} is not the applied ${applied[0].reference}`);
    if (num(order.credit) !== depositCredit(num(order.amount), order.rate))
      problems.push(`credit ${order.credit} is not ${order.amount} LAK at ${order.rate}`);
    if (
      !credit ||
      num(credit.amount) !== num(order.credit) ||
      credit.credit_key !== `player:${order.player_id}:${order.provider}`
    )
      problems.push('ledger credit leg missing or wrong');
    if (!bank || num(bank.amount) !== num(order.amount)) problems.push('ledger bank leg missing or wrong');
    if (ins.length !== 1 || num(ins[0]!.amount) !== num(order.credit) || ins[0]!.provider !== order.provider)
      problems.push(`${ins.length} provider transfers IN`);
    const bonus = num(order.bonus_credit);
    const bonusLeg = transferByRef.get(`bonus:${order.code}`);
    const bonusIns = (txByRef.get(`bonus:${order.code}`) ?? []).filter((t) => t.status === 'APPLIED');
    if (
      bonus > 0 &&
      (!bonusLeg ||
        num(bonusLeg.amount) !== bonus ||
        bonusIns.length !== 1 ||
        num(bonusIns[0]!.amount) !== bonus)
    )
      problems.push(
        `bonus ${bonus}: ledger leg ${bonusLeg?.amount}, ${bonusIns.length} provider transfers IN`,
      );
    if (bonus === 0 && (bonusLeg || bonusIns.length > 0))
      problems.push('a bonus paid that the order does not show');
    for (const pay of pays) {
      const seen = recorded.find((c) => c.reference === pay.reference);
      if (!seen) problems.push(`payment ${pay.reference} (${pay.via}) was never recorded`);
      else if (seen.outcome !== 'APPLIED' && seen.outcome !== 'UNMATCHED')
        problems.push(`payment ${pay.reference} recorded ${seen.outcome}`);
    }
    if (problems.length > 0)
      add(
        'deposit-credited-once',
        `deposit ${order.code} paid ${pays.length} time(s): ${problems.join('; ')}`,
        evidence,
      );
  }

  // payout-at-most-once -----------------------------------------------------------------------------------
  const accountNumberOf = new Map(accounts.map((a) => [a.id, a.account_number]));
  const payoutByOrder = groupBy(payouts, (p) => p.order_code);
  for (const p of payouts) {
    if (p.requests !== 1)
      add('payout-at-most-once', `the payout bank was asked ${p.requests} times for ${p.order_code}`, p);
    const order = orderByCode.get(p.order_code);
    if (!order || order.kind !== 'WITHDRAW') continue;
    if (
      order.status !== 'SUCCESS' ||
      num(p.amount) !== num(order.amount) ||
      order.bank_reference !== p.reference ||
      p.account_number !== accountNumberOf.get(order.bank_account_id ?? '')
    )
      add('payout-at-most-once', `payout ${p.reference} does not match withdrawal ${order.code}`, {
        payout: p,
        order,
      });
  }
  let paidOutLak = 0;
  for (const order of orders.filter((o) => o.kind === 'WITHDRAW')) {
    const code = order.code;
    const paid = payoutByOrder.get(code) ?? [];
    const out = txByRef.get(`wd:${code}`) ?? [];
    const release = (txByRef.get(`wd:${code}:release`) ?? []).filter((t) => t.status === 'APPLIED');
    const legs = ['hold', 'pay-thb', 'pay-lak', 'returned', 'release', 'refused'].filter((leg) =>
      transferByRef.has(`wd:${code}:${leg}`),
    );
    const evidence = { order, payouts: paid, providerOut: out, providerRelease: release, ledgerLegs: legs };
    const problems: string[] = [];
    const outApplied = out.filter((t) => t.status === 'APPLIED');
    if (order.status === 'SUCCESS') {
      if (paid.length !== 1) problems.push(`${paid.length} payouts`);
      if (outApplied.length !== 1 || num(outApplied[0]!.amount) !== num(order.credit))
        problems.push('provider OUT not applied once');
      if (release.length > 0) problems.push('also released');
      const expected =
        num(order.returned_credit) > 0 ? 'hold,pay-thb,pay-lak,returned' : 'hold,pay-thb,pay-lak';
      if (legs.join() !== expected) problems.push(`ledger legs ${legs.join()}`);
      if (num(order.amount) !== withdrawAmount(num(order.credit) - num(order.returned_credit), order.rate))
        problems.push(`amount ${order.amount} is not ${order.credit} satang at ${order.rate}`);
      paidOutLak += num(order.amount);
    } else if (order.status === 'REJECTED') {
      if (paid.length > 0) problems.push('paid out though rejected');
      if (outApplied.length !== 1 || release.length !== 1)
        problems.push('provider OUT and release not applied once each');
      if (legs.join() !== 'hold,release') problems.push(`ledger legs ${legs.join()}`);
    } else if (order.status === 'FAILED') {
      if (paid.length > 0) problems.push('paid out though failed');
      if (outApplied.length > 0) problems.push('provider OUT applied though the order failed');
      if (legs.join() !== 'hold,refused') problems.push(`ledger legs ${legs.join()}`);
    } else problems.push(`still ${order.status} after the settle phase`);
    if (problems.length > 0)
      add(
        order.status === 'OPEN' ? 'settled' : 'payout-at-most-once',
        `withdrawal ${code} (${order.status}): ${problems.join('; ')}`,
        evidence,
      );
  }

  // no-negative-balance ------------------------------------------------------------------------------------
  const ledgerProblems = await checkInvariants(db);
  for (const line of ledgerProblems.filter((l) => l.startsWith('negative')))
    add('no-negative-balance', `ledger: ${line}`);
  for (const w of wallets.filter((w) => num(w.balance) < 0))
    add(
      'no-negative-balance',
      `provider wallet ${w.provider} of player ${clientOf.get(w.player_id)} at ${w.balance}`,
      w,
    );
  for (const t of providerTxs.filter((t) => t.balance_after !== null && num(t.balance_after) < 0))
    add('no-negative-balance', `provider transaction ${t.ref} left ${t.balance_after}`, t);
  for (const r of rounds.filter((r) => num(r.balance_after) < 0))
    add('no-negative-balance', `round ${r.id} left ${r.balance_after}`, r);

  // ledger-equals-provider-wallet ---------------------------------------------------------------------------
  const walletOf = new Map(wallets.map((w) => [`${w.player_id}:${w.provider}`, num(w.balance)]));
  for (const p of h.players)
    for (const provider of PROVIDERS) {
      const account = `player:${p.playerId}:${provider}`;
      const ledger = ledgerTotal.get(account) ?? 0;
      const wallet = walletOf.get(`${p.playerId}:${provider}`) ?? 0;
      const booked = gameResults.find((g) => g.player_id === p.playerId && g.provider === provider);
      const unbooked =
        rounds
          .filter((r) => r.player_id === p.playerId && r.provider === provider)
          .reduce((sum, r) => sum + num(r.win) - num(r.bet), 0) - num(booked?.booked ?? 0);
      if (ledger + unbooked !== wallet)
        add(
          'ledger-equals-provider-wallet',
          `player ${p.index} at ${provider}: ledger ${ledger} with ${unbooked} of game results not booked, provider ${wallet}`,
          {
            outbox: outbox.filter(
              (o) => o.player_id === p.playerId && o.provider === provider && o.status !== 'DELIVERED',
            ),
            rounds: rounds
              .filter((r) => r.player_id === p.playerId && r.provider === provider)
              .map(({ id, status, bet, win }) => ({ id, status, bet, win })),
            booked,
            gameResults: transfers
              .filter((t) => t.kind === 'GAME_RESULT' && [t.debit_key, t.credit_key].includes(account))
              .map((t) => ({ amount: t.amount, toPlayer: t.credit_key === account })),
            finalRead: h.calls
              .filter((c) => c.client === p.index && c.operation === 'getPlayerCredits')
              .slice(-1)
              .map(callEvidence),
          },
        );
    }
  for (const line of await checkProviderInvariants(db)) add('ledger-equals-provider-wallet', line);
  for (const o of outbox.filter(
    (o) => o.status === 'FAILED' && o.kind !== 'PAYOUT' && o.direction === 'IN' && !o.compensated,
  ))
    add(
      'ledger-equals-provider-wallet',
      `transfer IN ${o.reference} was refused and left for the operator`,
      o,
    );

  // sums-conserved -------------------------------------------------------------------------------------------
  for (const line of ledgerProblems.filter((l) => !l.startsWith('negative')))
    add('sums-conserved', `ledger: ${line}`);
  if (!h.opsInvariants || h.opsInvariants.exitCode !== 0)
    add('sums-conserved', '`ops invariants` did not report a sound ledger', h.opsInvariants);
  for (const p of h.players) {
    const held = wallets.filter((w) => w.player_id === p.playerId).reduce((s, w) => s + num(w.balance), 0);
    const mine = orders.filter((o) => o.player_id === p.playerId && o.status === 'SUCCESS');
    const deposited = mine
      .filter((o) => o.kind === 'DEPOSIT')
      .reduce((s, o) => s + num(o.credit) + num(o.bonus_credit), 0);
    const withdrawn = mine.filter((o) => o.kind === 'WITHDRAW').reduce((s, o) => s + num(o.credit), 0);
    const played = rounds
      .filter((r) => r.player_id === p.playerId)
      .reduce((s, r) => s + num(r.win) - num(r.bet), 0);
    const takenBack = providerTxs
      .filter((t) => t.player_id === p.playerId && t.ref.startsWith('bonus-back:') && t.status === 'APPLIED')
      .reduce((s, t) => s + num(t.amount), 0);
    // The rewards the site granted (its ledger): a provider crediting one it never granted breaks the sum.
    const rewarded = transfers
      .filter((t) => REWARD_KINDS.includes(t.kind) && t.credit_key.startsWith(`player:${p.playerId}:`))
      .reduce((s, t) => s + num(t.amount), 0);
    const expected = deposited - withdrawn - takenBack + played + rewarded;
    if (held !== expected)
      add(
        'sums-conserved',
        `player ${p.index}: the providers hold ${held}, but deposits and bonuses ${deposited} - withdrawals ${withdrawn} - bonuses taken back ${takenBack} + rounds ${played} + rewards ${rewarded} = ${expected}`,
      );
  }
  const rewardTransfers = transfers.filter((t) => REWARD_KINDS.includes(t.kind));
  const rewardsCredited = rewardTransfers.reduce((s, t) => s + num(t.amount), 0);
  const liability = -(ledgerTotal.get(REWARD_LIABILITY) ?? 0);
  if (liability !== rewardsCredited)
    add(
      'sums-conserved',
      `reward liability holds ${liability}, the rewards credited ${rewardsCredited}`,
      rewardTransfers,
    );
  const bankClearing = -(ledgerTotal.get('system:bank_clearing:LAK') ?? 0);
  if (bankClearing !== appliedLak)
    add('sums-conserved', `bank clearing holds ${bankClearing} LAK, the applied payments ${appliedLak}`);
  const payoutClearing = ledgerTotal.get('system:payout_clearing:LAK') ?? 0;
  const payoutsLak = payouts.reduce((s, p) => s + num(p.amount), 0);
  if (payoutClearing !== payoutsLak || payoutsLak !== paidOutLak)
    add(
      'sums-conserved',
      `payout clearing holds ${payoutClearing} LAK, the payout bank paid ${payoutsLak}, SUCCESS withdrawals ${paidOutLak}`,
    );

  // A cancel that took a bonus back ended its usage, and one the provider refused did not: never a usage
  // cancelled with its bonus kept, or a bonus taken back from a usage still in force.
  for (const u of usages) {
    const attempts = transfers
      .filter((t) => t.kind === 'BONUS_REVERSAL' && t.reference.startsWith(`bonus-back:${u.id}:`))
      .map((t) => ({
        reference: t.reference,
        amount: num(t.amount),
        provider: (txByRef.get(t.reference) ?? []).map((x) => x.status).join() || 'none',
      }));
    const applied = attempts.filter((a) => a.provider === 'APPLIED');
    const evidence = { usage: u, takeBacks: attempts };
    if (applied.length > 1)
      add('sums-conserved', `usage ${u.id}: the bonus was taken back ${applied.length} times`, evidence);
    if (applied.length > 0 && u.status !== 'CANCELED')
      add('sums-conserved', `usage ${u.id} is ${u.status} though its bonus was taken back`, evidence);
    if (u.status === 'CANCELED' && attempts.length > 0 && applied.length === 0)
      add(
        'sums-conserved',
        `usage ${u.id} is CANCELED but every take-back was refused: the bonus was kept`,
        evidence,
      );
    if (u.cancel_reference !== null) add('settled', `usage ${u.id} still waits for its take-back`, evidence);
  }

  await checkRewards(db, h, { add, transfers: rewardTransfers, outbox, txByRef, keyed, playerIdOf });

  // settled ----------------------------------------------------------------------------------------------------
  for (const note of h.settleNotes.filter((n) => n.startsWith('not settled') || n.startsWith('pending')))
    add('settled', note);
  for (const o of outbox.filter((o) => o.status === 'PENDING'))
    add('settled', `outbox row ${o.reference} (${o.kind}) still PENDING`, o);
  for (const o of orders.filter((o) => o.kind === 'DEPOSIT' && ['OPEN', 'PAID'].includes(o.status)))
    add('settled', `deposit ${o.code} still ${o.status}`, {
      order: o,
      pays: bankPaid.get(o.code),
      calls: callsNaming(o.code).map(callEvidence),
    });

  return violations;
}

interface RewardContext {
  add: (property: Property, message: string, evidence?: unknown) => void;
  /** The ledger's reward transfers (CASHBACK, CHECK_IN, REFERRAL). */
  transfers: TransferRow[];
  outbox: {
    reference: string;
    provider: string;
    player_id: string;
    direction: string;
    kind: string;
    amount: string;
    status: string;
  }[];
  txByRef: Map<string, ProviderTxRow[]>;
  keyed: Call[];
  playerIdOf: Map<number, string>;
}

/**
 * The rewards' properties (docs/rewards.md): each reward credited once in full (ledger, reward_credits,
 * outbox, provider), each loss paid back once and within the rate, one check-in a day, referral claims
 * within what was accrued, and each claim a client was told of made once.
 */
async function checkRewards(db: Db, h: History, r: RewardContext): Promise<void> {
  const { add } = r;
  const read = async <T>(sql: string): Promise<T[]> => (await db.query<T>(sql)).rows;
  const players = new Set(h.players.map((p) => p.playerId));
  const clientOf = new Map(h.players.map((p) => [p.playerId, p.index]));
  const credits = await read<{
    reference: string;
    player_id: string;
    provider: string;
    kind: string;
    amount: string;
  }>(`SELECT reference, player_id::text AS player_id, provider, kind, amount::text FROM reward_credits`);
  const payments = await read<{
    id: string;
    player_id: string;
    period: string;
    period_start_ms: string;
    period_end_ms: string;
    net_result: string;
    provider: string;
    rate_bp: number;
    amount: string;
    status: string;
  }>(
    `SELECT id::text, player_id::text AS player_id, period,
            (extract(epoch FROM period_start) * 1000)::bigint::text AS period_start_ms,
            (extract(epoch FROM period_end) * 1000)::bigint::text AS period_end_ms,
            net_result::text, provider, rate_bp, amount::text, status
     FROM cashback_payments`,
  );
  // Each settled result with the player's side of it (their posting) and when it was booked.
  const covered = await read<{
    transfer_id: string;
    payment_id: string;
    kind: string;
    at_ms: string;
    player_id: string | null;
    amount: string | null;
  }>(
    `SELECT c.transfer_id::text AS transfer_id, c.payment_id::text AS payment_id, t.kind,
            (extract(epoch FROM t.created_at) * 1000)::bigint::text AS at_ms,
            a.player_id::text AS player_id, p.amount::text AS amount
     FROM cashback_covered_results c
     JOIN ledger_transfers t ON t.id = c.transfer_id
     LEFT JOIN ledger_postings p ON p.transfer_id = t.id
       AND p.account_id IN (SELECT id FROM ledger_accounts WHERE NOT is_system)
     LEFT JOIN ledger_accounts a ON a.id = p.account_id`,
  );
  const checkIns = await read<{ player_id: string; day: string; provider: string; amount: string }>(
    `SELECT player_id::text AS player_id, day::text AS day, provider, amount::text FROM checkin_claims`,
  );
  const rewardAt = await read<{ reference: string; at_ms: string }>(
    `SELECT reference, (extract(epoch FROM created_at) * 1000)::bigint::text AS at_ms
     FROM ledger_transfers WHERE kind = 'CHECK_IN'`,
  );
  const referralClaims = await read<{ id: string; referrer_id: string; provider: string; amount: string }>(
    `SELECT id::text, referrer_id::text AS referrer_id, provider, amount::text FROM referral_claims`,
  );
  const accruals = await read<{ referrer_id: string; day: string; amount: string }>(
    `SELECT referrer_id::text AS referrer_id, day::text AS day, amount::text FROM referral_accruals`,
  );
  const referrals = await read<{ friend_id: string; referrer_id: string; refused_reason: string | null }>(
    `SELECT friend_id::text AS friend_id, referrer_id::text AS referrer_id, refused_reason FROM referrals`,
  );

  // reward-credited-once -----------------------------------------------------------------------------------
  const transferByRef = new Map(r.transfers.map((t) => [t.reference, t]));
  const creditByRef = new Map(credits.map((c) => [c.reference, c]));
  const outboxByRef = new Map(r.outbox.map((o) => [o.reference, o]));
  for (const t of r.transfers) {
    const [, playerId, provider] = t.credit_key.split(':');
    const credit = creditByRef.get(t.reference);
    const out = outboxByRef.get(t.reference);
    const applied = (r.txByRef.get(t.reference) ?? []).filter((x) => x.status === 'APPLIED');
    const problems: string[] = [];
    if (!t.reference.startsWith(REWARD_PREFIX[t.kind]!)) problems.push(`a ${t.kind} under ${t.reference}`);
    if (t.debit_key !== REWARD_LIABILITY || !playerId || !players.has(playerId))
      problems.push(`from ${t.debit_key} to ${t.credit_key}`);
    if (
      !credit ||
      credit.player_id !== playerId ||
      credit.provider !== provider ||
      credit.kind !== t.kind ||
      num(credit.amount) !== num(t.amount)
    )
      problems.push('its reward_credits row is missing or not the transfer');
    if (
      !out ||
      out.direction !== 'IN' ||
      out.provider !== provider ||
      out.player_id !== playerId ||
      num(out.amount) !== num(t.amount)
    )
      problems.push('its IN in the outbox is missing or not the transfer');
    if (applied.length !== 1 || applied[0]!.direction !== 'IN' || num(applied[0]!.amount) !== num(t.amount))
      problems.push(`${applied.length} INs applied at the provider`);
    if (problems.length > 0)
      add('reward-credited-once', `${t.kind} ${t.reference} of ${t.amount}: ${problems.join('; ')}`, {
        transfer: t,
        credit,
        outbox: out,
        provider: r.txByRef.get(t.reference),
      });
  }
  for (const c of credits.filter((c) => !transferByRef.has(c.reference)))
    add('reward-credited-once', `reward ${c.reference} is recorded without its ledger transfer`, c);
  for (const o of r.outbox.filter((o) => isRewardRef(o.reference) && !transferByRef.has(o.reference)))
    add(
      'reward-credited-once',
      `reward ${o.reference} is sent to the provider without its ledger transfer`,
      o,
    );
  for (const [ref, txs] of r.txByRef)
    if (isRewardRef(ref) && !transferByRef.has(ref))
      add('reward-credited-once', `the provider credited reward ${ref} that the ledger does not hold`, txs);

  for (const p of payments.filter((p) => players.has(p.player_id))) {
    const t = transferByRef.get(`cb:${p.id}`);
    const paid = p.status === 'PAID';
    if (paid !== Boolean(t) || (t && (num(t.amount) !== num(p.amount) || t.kind !== 'CASHBACK')))
      add(
        'reward-credited-once',
        `cashback payment ${p.id} (${p.status}, ${p.amount}) is credited ${t ? t.amount : 'nothing'}`,
        { payment: p, transfer: t },
      );
    else if (t && t.credit_key !== `player:${p.player_id}:${p.provider}`)
      add('reward-credited-once', `cashback payment ${p.id} is credited to ${t.credit_key}`, {
        payment: p,
        transfer: t,
      });
  }
  const paymentIds = new Set(payments.map((p) => p.id));
  for (const t of r.transfers.filter((t) => t.kind === 'CASHBACK'))
    if (!paymentIds.has(t.reference.slice(3)))
      add('reward-credited-once', `cashback ${t.reference} credited without a payment`, t);
  const checkInRefs = new Set(checkIns.map((c) => `ci:${c.player_id}:${c.day}`));
  for (const c of checkIns.filter((c) => players.has(c.player_id))) {
    const t = transferByRef.get(`ci:${c.player_id}:${c.day}`);
    if (!t || num(t.amount) !== num(c.amount) || t.credit_key !== `player:${c.player_id}:${c.provider}`)
      add(
        'reward-credited-once',
        `check-in of ${c.day} by player ${clientOf.get(c.player_id)} is not credited as recorded`,
        {
          checkIn: c,
          transfer: t,
        },
      );
  }
  for (const t of r.transfers.filter((t) => t.kind === 'CHECK_IN' && !checkInRefs.has(t.reference)))
    add('reward-credited-once', `check-in ${t.reference} credited without a check-in`, t);
  const claimRefs = new Set(referralClaims.map((c) => `rf:${c.id}`));
  for (const c of referralClaims.filter((c) => players.has(c.referrer_id))) {
    const t = transferByRef.get(`rf:${c.id}`);
    if (!t || num(t.amount) !== num(c.amount) || t.credit_key !== `player:${c.referrer_id}:${c.provider}`)
      add('reward-credited-once', `referral claim ${c.id} is not credited as recorded`, {
        claim: c,
        transfer: t,
      });
  }
  for (const t of r.transfers.filter((t) => t.kind === 'REFERRAL' && !claimRefs.has(t.reference)))
    add('reward-credited-once', `referral ${t.reference} credited without a claim`, t);

  // cashback-loss-paid-once ----------------------------------------------------------------------------------
  const paymentById = new Map(payments.map((p) => [p.id, p]));
  const coveredByPayment = groupBy(covered, (c) => c.payment_id);
  for (const [transferId, rows] of groupBy(covered, (c) => c.transfer_id))
    if (new Set(rows.map((c) => c.payment_id)).size > 1)
      add('cashback-loss-paid-once', `game result ${transferId} is settled by ${rows.length} payments`, rows);
  for (const [key, rows] of groupBy(payments, (p) => `${p.player_id} ${p.period} ${p.period_start_ms}`))
    if (rows.length > 1)
      add(
        'cashback-loss-paid-once',
        `${rows.length} cashback payments of one player and period (${key})`,
        rows,
      );
  const owed = new Map<string, { paid: number; due: number; loss: number }>();
  for (const p of payments) {
    const results = coveredByPayment.get(p.id) ?? [];
    const problems: string[] = [];
    for (const c of results) {
      if (c.kind !== 'GAME_RESULT') problems.push(`it settled a ${c.kind} transfer (${c.transfer_id})`);
      else if (c.player_id !== p.player_id)
        problems.push(`it settled another player's result ${c.transfer_id}`);
      else if (num(c.at_ms) < num(p.period_start_ms) || num(c.at_ms) >= num(p.period_end_ms))
        problems.push(`it settled result ${c.transfer_id}, booked outside its period`);
    }
    const net = results.reduce((s, c) => s + num(c.amount ?? 0), 0);
    const due = net < 0 ? Math.floor((-net * p.rate_bp) / 10_000) : 0;
    if (net !== num(p.net_result)) problems.push(`its net ${p.net_result} is not its results' ${net}`);
    if (num(p.amount) > due) problems.push(`it pays ${p.amount}, more than ${p.rate_bp} bp of a net ${net}`);
    if (problems.length > 0)
      add('cashback-loss-paid-once', `cashback payment ${p.id} (${p.period}): ${problems.join('; ')}`, {
        payment: p,
        results,
      });
    const sums = owed.get(p.player_id) ?? { paid: 0, due: 0, loss: 0 };
    owed.set(p.player_id, { paid: sums.paid + num(p.amount), due: sums.due + due, loss: sums.loss - net });
  }
  for (const [playerId, sums] of owed)
    if (sums.paid > sums.due)
      add(
        'cashback-loss-paid-once',
        `player ${clientOf.get(playerId)} was paid ${sums.paid} of cashback on a settled loss of ${sums.loss} (at most ${sums.due})`,
        sums,
      );
  for (const c of covered.filter((c) => !paymentById.has(c.payment_id)))
    add('cashback-loss-paid-once', `game result ${c.transfer_id} is settled by no payment`, c);

  // check-in-once-a-day --------------------------------------------------------------------------------------
  const atOf = new Map(rewardAt.map((t) => [t.reference, num(t.at_ms)]));
  const checkInTransfers = r.transfers.filter((t) => t.kind === 'CHECK_IN');
  for (const [key, rows] of groupBy(
    checkInTransfers,
    (t) => `${t.credit_key.split(':')[1]} ${vientianeDay(new Date(atOf.get(t.reference) ?? 0))}`,
  ))
    if (rows.length > 1)
      add('check-in-once-a-day', `${rows.length} check-ins credited to one player on one day (${key})`, rows);

  // referral-within-accruals ---------------------------------------------------------------------------------
  const withFriends = new Set(referrals.map((f) => f.referrer_id));
  for (const a of accruals.filter((a) => num(a.amount) > 0 && !withFriends.has(a.referrer_id)))
    add(
      'referral-within-accruals',
      `commission accrued to player ${clientOf.get(a.referrer_id)}, who has no friend`,
      a,
    );
  const referrers = new Set([
    ...accruals.map((a) => a.referrer_id),
    ...referralClaims.map((c) => c.referrer_id),
  ]);
  for (const referrer of referrers) {
    const accrued = accruals.filter((a) => a.referrer_id === referrer).reduce((s, a) => s + num(a.amount), 0);
    const claims = referralClaims.filter((c) => c.referrer_id === referrer);
    const claimed = claims.reduce((s, c) => s + num(c.amount), 0);
    const credited = r.transfers
      .filter((t) => t.kind === 'REFERRAL' && t.credit_key.split(':')[1] === referrer)
      .reduce((s, t) => s + num(t.amount), 0);
    if (claimed > accrued || credited !== claimed)
      add(
        'referral-within-accruals',
        `player ${clientOf.get(referrer)}: accrued ${accrued}, claimed ${claimed}, credited ${credited}`,
        { claims, accruals: accruals.filter((a) => a.referrer_id === referrer) },
      );
  }

  // acknowledged-exactly-once: claims and friends -------------------------------------------------------------
  const okOnce = (operation: string) => {
    // One answer per key: a double tap or a replay answers the same (replay-same-result checks that).
    const byKey = new Map<string, Call>();
    for (const c of r.keyed)
      if (c.operation === operation && c.outcome === 'ok' && !byKey.has(`${c.client} ${c.key}`))
        byKey.set(`${c.client} ${c.key}`, c);
    return [...byKey.values()];
  };
  const toldCheckIns = new Set<string>();
  for (const call of okOnce('claimCheckIn')) {
    const told = call.body?.checkIn as { day: string; amount: number; provider: string } | undefined;
    const playerId = r.playerIdOf.get(call.client);
    const key = `${playerId} ${told?.day}`;
    const row = checkIns.find((c) => c.player_id === playerId && c.day === told?.day);
    if (!told || !row || num(row.amount) !== told.amount || row.provider !== told.provider)
      add('acknowledged-exactly-once', `check-in of ${told?.day} answered ok, but not recorded as answered`, {
        row,
        call: callEvidence(call),
      });
    else if (toldCheckIns.has(key))
      add(
        'acknowledged-exactly-once',
        `two keys were each told they checked ${told.day} in`,
        callEvidence(call),
      );
    toldCheckIns.add(key);
  }
  for (const c of checkIns.filter(
    (c) => players.has(c.player_id) && !toldCheckIns.has(`${c.player_id} ${c.day}`),
  ))
    add(
      'acknowledged-exactly-once',
      `check-in of ${c.day} by player ${clientOf.get(c.player_id)} exists but no client was told of it`,
      c,
    );
  for (const p of h.players) {
    const told = okOnce('claimReferral')
      .filter((c) => c.client === p.index)
      .map((c) => `${c.body?.claim?.provider} ${c.body?.claim?.amount}`)
      .sort();
    const made = referralClaims
      .filter((c) => c.referrer_id === p.playerId)
      .map((c) => `${c.provider} ${num(c.amount)}`)
      .sort();
    if (told.join() !== made.join())
      add(
        'acknowledged-exactly-once',
        `player ${p.index} was told of referral claims ${told.join(', ') || 'none'}, made ${made.join(', ') || 'none'}`,
        {
          told,
          made,
        },
      );
    const friend = referrals.find((f) => f.friend_id === p.playerId);
    const referrer = p.referredBy === undefined ? undefined : r.playerIdOf.get(p.referredBy);
    if (friend?.referrer_id !== referrer || (friend && friend.refused_reason !== null))
      add(
        'acknowledged-exactly-once',
        `player ${p.index} registered through ${p.referredBy === undefined ? 'no code' : `player ${p.referredBy}'s code`}, recorded ${friend ? `as player ${clientOf.get(friend.referrer_id)}'s friend (${friend.refused_reason ?? 'active'})` : "as nobody's friend"}`,
        friend,
      );
  }
}

export type RewardTally = Record<string, { count: number; amount: number }>;

/** The rewards a run credited, by kind, with its cashback payments and the game results they settled. */
export async function rewardTally(db: Db): Promise<RewardTally> {
  const r = await db.query<{ kind: string; count: string; amount: string }>(
    `SELECT kind, count(*)::text AS count, COALESCE(sum(amount), 0)::text AS amount FROM ledger_transfers
     WHERE kind IN ('CASHBACK', 'CHECK_IN', 'REFERRAL') GROUP BY kind
     UNION ALL SELECT 'payments ' || period, count(*)::text, COALESCE(sum(amount), 0)::text FROM cashback_payments GROUP BY period
     UNION ALL SELECT 'results settled', count(*)::text, 0::text FROM cashback_covered_results`,
  );
  return Object.fromEntries(
    r.rows.map((row) => [row.kind, { count: num(row.count), amount: num(row.amount) }]),
  );
}
