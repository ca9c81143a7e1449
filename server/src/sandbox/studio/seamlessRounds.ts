import { randomUUID } from 'node:crypto';
import type { components } from '@core/contract';
import type { ProviderCode } from '../../adapters';
import type { AppContext } from '../../context';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { faultSwitches } from '../provider/faults';
import { ROUND_COLUMNS, toRound, type RoundRow } from './roundRecords';
import type { ActiveStudioSession } from './sessions';
import { studioWalletLink, type WalletOperation, type WalletReply } from './walletLink';

type StudioRound = components['schemas']['StudioRound'];
type WalletAnswer = components['schemas']['WalletAnswer'];
type Outcome = StudioRound['outcome'];

/** A call whose answer did not come is sent again, under the same transaction id, this many times at most. */
const ATTEMPTS = 4;

/**
 * A studio round at a seamless provider (docs/games.md): the studio decides the outcome, then calls the
 * site's wallet as an outside provider would: the bet (debit), then the win (credit, 0 for a lost round)
 * with the round's end; a table round's win comes when it is dealt. Nothing of the site is touched but
 * through those signed calls. The provider's faults (faults.ts, set by setSandboxProviderFaults) make the
 * studio misbehave the way providers do: answers lost after the debit (the bet sent again), every call
 * sent twice, a round cancelled by rolling its bet back (sometimes the rollback first), a win sent before
 * its bet.
 */
export interface DecidedRound {
  kind: 'slot' | 'table' | 'reveal';
  stake: number;
  win: number;
  seed: string;
  outcome: Outcome;
}

async function send(
  ctx: AppContext,
  provider: ProviderCode,
  operation: WalletOperation,
  body: object,
): Promise<WalletReply<WalletAnswer>> {
  const link = studioWalletLink(ctx);
  const switches = faultSwitches(ctx, ctx.config.providerFaultSeed);
  const faults = switches.get(provider);
  for (let attempt = 1; ; attempt++) {
    try {
      const reply = await link.call(provider, operation, body);
      // The answer was lost on its way back: the provider sends the same call again.
      if (reply.ok && attempt < ATTEMPTS && switches.roll(faults.timeoutPercent)) continue;
      if (switches.roll(faults.duplicatePercent)) {
        const again = await link.call(provider, operation, body);
        if (reply.ok && (!again.ok || again.body.balance !== reply.body.balance))
          throw new Error(`the wallet answered a repeated ${operation} differently`);
      }
      return reply;
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'PROVIDER_UNAVAILABLE' || attempt >= ATTEMPTS)
        throw err;
    }
  }
}

/** What the player is told when the site refuses a bet: its own refusal, the credit's in the studio's words. */
function refusal(reply: { code: components['schemas']['ErrorCode'] }): DomainError {
  if (reply.code === 'WALLET_INSUFFICIENT_FUNDS')
    return new DomainError('CREDIT_NOT_ENOUGH', 'The bet is more than the credit');
  return new DomainError(reply.code, `The site refused the bet (${reply.code})`);
}

function cancelled(): DomainError {
  return new DomainError('PROVIDER_UNAVAILABLE', 'The game cancelled this round: no stake was taken');
}

export async function playSeamlessRound(
  ctx: AppContext,
  session: ActiveStudioSession & { walletPlayer: string },
  decide: (roundId: string) => DecidedRound,
): Promise<StudioRound> {
  const { provider } = session;
  const open = await ctx.db.query(
    `SELECT 1 FROM sandbox_game_rounds WHERE provider = $1 AND player_id = $2 AND game_id = $3 AND status = 'OPEN'`,
    [provider, session.playerId, session.gameId],
  );
  if (open.rows.length > 0)
    throw new DomainError('GAME_ROUND_OPEN', 'Settle the open round of this game first');

  const id = randomUUID();
  const round = decide(id);
  const common = { roundId: id, gameId: session.gameId, player: session.walletPlayer };
  const bet = { ...common, transactionId: `${id}.bet`, amount: round.stake, currency: 'THB' };
  const win = {
    ...common,
    transactionId: `${id}.win`,
    betTransactionId: bet.transactionId,
    amount: round.win,
    currency: 'THB',
    endRound: true,
  };
  const rollback = {
    ...common,
    transactionId: `${id}.rollback`,
    betTransactionId: bet.transactionId,
    amount: round.stake,
    currency: 'THB',
  };
  const switches = faultSwitches(ctx, ctx.config.providerFaultSeed);
  const faults = switches.get(provider);

  if (switches.roll(faults.rollbackPercent ?? 0)) {
    if (switches.roll(50)) {
      // The rollback overtakes its bet: the bet, arriving after it, must be refused.
      await send(ctx, provider, 'rollback', rollback);
      const late = await send(ctx, provider, 'bet', bet);
      if (late.ok) throw new Error('the wallet took a bet after its rollback');
    } else {
      const placed = await send(ctx, provider, 'bet', bet);
      if (!placed.ok) throw refusal(placed);
      await send(ctx, provider, 'rollback', rollback);
    }
    await send(ctx, provider, 'end-round', common);
    throw cancelled();
  }
  if (round.kind !== 'table' && switches.roll(faults.reorderPercent ?? 0)) {
    const early = await send(ctx, provider, 'win', win);
    if (early.ok) throw new Error('the wallet took a win before its bet');
  }

  const placed = await send(ctx, provider, 'bet', bet);
  if (!placed.ok) throw refusal(placed);
  let balanceAfter = placed.body.balance;
  if (round.kind !== 'table') {
    const paid = await send(ctx, provider, 'win', win);
    if (!paid.ok) throw new Error(`the wallet refused the win of round ${id}: ${paid.code}`);
    balanceAfter = paid.body.balance;
  }
  const status = round.kind === 'table' ? 'OPEN' : 'SETTLED';
  const r = await ctx.db.query<RoundRow>(
    `INSERT INTO sandbox_game_rounds
       (id, provider, player_id, game_id, session_id, kind, status, bet, win, balance_after, seed, outcome, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $7 = 'SETTLED' THEN app_now() END)
     RETURNING ${ROUND_COLUMNS}`,
    [
      id,
      provider,
      session.playerId,
      session.gameId,
      session.id,
      round.kind,
      status,
      round.stake,
      round.win,
      balanceAfter,
      round.seed,
      JSON.stringify(round.outcome),
    ],
  );
  return toRound(r.rows[0]!);
}

/** Pays a dealt table round through the wallet's win (with the round's end), then records it settled. */
export async function settleSeamlessRound(
  ctx: AppContext,
  session: ActiveStudioSession & { walletPlayer: string },
  row: RoundRow,
  dealt: { win: number; outcome: Outcome },
): Promise<StudioRound> {
  const paid = await send(ctx, session.provider, 'win', {
    transactionId: `${row.id}.win`,
    betTransactionId: `${row.id}.bet`,
    roundId: row.id,
    gameId: session.gameId,
    player: session.walletPlayer,
    amount: dealt.win,
    currency: 'THB',
    endRound: true,
  });
  if (!paid.ok && paid.code !== 'WALLET_ROUND_ENDED')
    throw new Error(`the wallet refused the win of round ${row.id}: ${paid.code}`);
  const balanceAfter = paid.ok ? paid.body.balance : toInt(row.balance_after) + dealt.win;
  const r = await ctx.db.query<RoundRow>(
    `UPDATE sandbox_game_rounds SET status = 'SETTLED', win = $2, balance_after = $3, outcome = $4,
       settled_at = app_now()
     WHERE id = $1 AND status = 'OPEN' RETURNING ${ROUND_COLUMNS}`,
    [row.id, dealt.win, balanceAfter, JSON.stringify(dealt.outcome)],
  );
  if (r.rows[0]) return toRound(r.rows[0]);
  const again = await ctx.db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM sandbox_game_rounds WHERE id = $1`,
    [row.id],
  );
  return toRound(again.rows[0]!);
}
