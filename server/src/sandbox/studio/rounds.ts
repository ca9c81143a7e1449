import { randomUUID } from 'node:crypto';
import type { components } from '@core/contract';
import type { AppContext } from '../../context';
import { toInt } from '../../db/values';
import { DomainError } from '../../errors';
import { ROUND_COLUMNS, toRound, type RoundRow } from './roundRecords';
import { reveal, revealPayout, REVEAL_CARDS } from '@core/revealRules';
import { roundSeed, SeededRandom } from './rng';
import { activeStudioSession, type ActiveStudioSession } from './sessions';
import { lineWins, LINES, spinReels } from '@core/slotRules';
import { BETS } from '@core/bets';
import { deal, tablePayout, type Side } from './tableRules';
import { lockWallet, setWalletBalance } from '../provider/wallets';
import { assertMayPlay, isSeamless } from '../site';
import { playSeamlessRound, settleSeamlessRound, type DecidedRound } from './seamlessRounds';
import { noteStudioActivity } from './sessions';

type StudioBet = components['schemas']['StudioBet'];
type StudioRound = components['schemas']['StudioRound'];
type Outcome = StudioRound['outcome'];

/**
 * The studio is this server's own sandbox provider: once a round has changed a wallet (after its commit),
 * the site's provider client here asks the wallet again instead of sharing an earlier answer. A remote
 * provider cannot say so: there the credit shown may miss a round for up to SHOWN_WALLET_MAX_AGE_MS
 * (domain/credits.ts).
 */
function walletChanged(ctx: AppContext, session: ActiveStudioSession | undefined): void {
  if (session) ctx.adapters.providers[session.provider].forget(session.playerId);
}

function invalid(field: string, message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, [{ field, message }]);
}

/** The stake and the kind's choice, checked against the session's game. */
function readBet(session: ActiveStudioSession, input: StudioBet) {
  if (!(BETS as readonly number[]).includes(input.bet))
    throw invalid('bet', `The bet must be one of ${BETS.join(', ')} satang`);
  switch (session.kind) {
    case 'slot': {
      const lines = input.lines ?? LINES;
      if (lines > LINES) throw invalid('lines', `This slot has ${LINES} paylines`);
      return { kind: 'slot' as const, lines, stake: input.bet * lines };
    }
    case 'table':
      if (input.side === undefined) throw invalid('side', 'Choose player, banker or tie');
      return { kind: 'table' as const, side: input.side, stake: input.bet };
    case 'reveal':
      if (input.pick === undefined || input.pick >= REVEAL_CARDS)
        throw invalid('pick', 'Pick card 0, 1 or 2');
      return { kind: 'reveal' as const, pick: input.pick, stake: input.bet };
  }
}

/**
 * Plays one round of the session's game: the wallet is locked, the stake taken, and (slot, reveal) the
 * outcome decided and paid at once, all with the round's row in one transaction. A table round stays OPEN
 * with its stake taken until settleStudioRound deals it. Refused: a stake above the balance
 * (CREDIT_NOT_ENOUGH), a bet while a round of this game is open (GAME_ROUND_OPEN), a bet the player's
 * protection refuses (assertMayPlay).
 */
/** The round's outcome and win, decided from its seed before any credit moves. */
function decideRound(
  ctx: AppContext,
  session: ActiveStudioSession,
  input: StudioBet,
  id: string,
): DecidedRound {
  const bet = readBet(session, input);
  const seed = roundSeed(ctx.config.studioSeed, id);
  const random = new SeededRandom(seed);
  let win = 0;
  let outcome: Outcome;
  if (bet.kind === 'slot') {
    const reels = spinReels(random);
    const wins = lineWins(reels, bet.lines, input.bet);
    win = wins.reduce((sum, w) => sum + w.win, 0);
    outcome = { reels, lines: bet.lines, winningLines: wins.map((w) => w.line) };
  } else if (bet.kind === 'reveal') {
    const { multipliers, winningPick } = reveal(random);
    win = revealPayout(multipliers, bet.pick, input.bet);
    outcome = { pick: bet.pick, winningPick, multipliers };
  } else {
    outcome = { side: bet.side };
  }
  return { kind: bet.kind, stake: bet.stake, win, seed, outcome };
}

export async function playStudioRound(
  ctx: AppContext,
  input: StudioBet,
  now = ctx.clock.now(),
): Promise<StudioRound> {
  const seamless = await activeStudioSession(ctx.db, input.session);
  if (isSeamless(ctx.config, seamless.provider) && seamless.walletPlayer) {
    // The site's wallet counts the play time and decides the protection rules itself (docs/games.md).
    const walletPlayer = seamless.walletPlayer;
    readBet(seamless, input);
    return playSeamlessRound(ctx, { ...seamless, walletPlayer }, (id) =>
      decideRound(ctx, seamless, input, id),
    );
  }
  // The bet is play time, counted (and committed) first: the bet that reaches the day's limit is refused.
  await noteStudioActivity(ctx, input.session, now);
  let played: ActiveStudioSession | undefined;
  const round = ctx.db.tx(async (q) => {
    const session = (played = await activeStudioSession(q, input.session));
    // A game opened before a time-out, self-exclusion or the end of the day's play time takes no new bet
    // (settling a round already open stays possible, so the stake comes back to the wallet).
    await assertMayPlay(q, session.playerId, now);
    readBet(session, input);
    const balance = await lockWallet(q, session.provider, session.playerId);
    const open = await q.query(
      `SELECT 1 FROM sandbox_game_rounds
       WHERE provider = $1 AND player_id = $2 AND game_id = $3 AND status = 'OPEN'`,
      [session.provider, session.playerId, session.gameId],
    );
    if (open.rows.length > 0)
      throw new DomainError('GAME_ROUND_OPEN', 'Settle the open round of this game first');
    const id = randomUUID();
    const decided = decideRound(ctx, session, input, id);
    if (decided.stake > balance)
      throw new DomainError('CREDIT_NOT_ENOUGH', 'The bet is more than the credit');

    const status = decided.kind === 'table' ? 'OPEN' : 'SETTLED';
    const balanceAfter = balance - decided.stake + decided.win;
    await setWalletBalance(q, session.provider, session.playerId, balanceAfter);
    const r = await q.query<RoundRow>(
      `INSERT INTO sandbox_game_rounds
         (id, provider, player_id, game_id, session_id, kind, status, bet, win, balance_after, seed, outcome, settled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $7 = 'SETTLED' THEN app_now() END)
       RETURNING ${ROUND_COLUMNS}`,
      [
        id,
        session.provider,
        session.playerId,
        session.gameId,
        session.id,
        decided.kind,
        status,
        decided.stake,
        decided.win,
        balanceAfter,
        decided.seed,
        JSON.stringify(decided.outcome),
      ],
    );
    return toRound(r.rows[0]!);
  });
  return round.finally(() => walletChanged(ctx, played));
}

/**
 * Deals an open table round from its recorded seed and pays it. Settling a settled round answers it again
 * unchanged; a round of another session is not found.
 */
export async function settleStudioRound(
  ctx: AppContext,
  input: { session: string; roundId: string },
  now = ctx.clock.now(),
): Promise<StudioRound> {
  const seamless = await activeStudioSession(ctx.db, input.session);
  if (isSeamless(ctx.config, seamless.provider) && seamless.walletPlayer) {
    const found = await ctx.db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM sandbox_game_rounds WHERE id = $1 AND session_id = $2`,
      [input.roundId, seamless.id],
    );
    const row = found.rows[0];
    if (!row) throw new DomainError('ROUND_NOT_FOUND', 'No such round in this game session');
    if (row.status === 'SETTLED') return toRound(row);
    const side = row.outcome.side as Side;
    const dealt = deal(new SeededRandom(row.seed));
    return settleSeamlessRound(ctx, { ...seamless, walletPlayer: seamless.walletPlayer }, row, {
      win: tablePayout(side, dealt.winner, toInt(row.bet)),
      outcome: { side, ...dealt },
    });
  }
  await noteStudioActivity(ctx, input.session, now);
  let played: ActiveStudioSession | undefined;
  const round = ctx.db.tx(async (q) => {
    const session = (played = await activeStudioSession(q, input.session));
    const select = `SELECT ${ROUND_COLUMNS} FROM sandbox_game_rounds WHERE id = $1 AND session_id = $2`;
    const found = await q.query<RoundRow>(select, [input.roundId, session.id]);
    if (!found.rows[0]) throw new DomainError('ROUND_NOT_FOUND', 'No such round in this game session');
    if (found.rows[0].status === 'SETTLED') return toRound(found.rows[0]);

    // The wallet first, then the round again: a concurrent settle may have won the race meanwhile.
    const balance = await lockWallet(q, session.provider, session.playerId);
    const locked = await q.query<RoundRow>(`${select} FOR UPDATE`, [input.roundId, session.id]);
    const round = locked.rows[0];
    if (!round) throw new DomainError('ROUND_NOT_FOUND', 'No such round in this game session');
    if (round.status === 'SETTLED') return toRound(round);

    const side = round.outcome.side as Side;
    const dealt = deal(new SeededRandom(round.seed));
    const win = tablePayout(side, dealt.winner, toInt(round.bet));
    const balanceAfter = balance + win;
    await setWalletBalance(q, session.provider, session.playerId, balanceAfter);
    const outcome: Outcome = { side, ...dealt };
    const r = await q.query<RoundRow>(
      `UPDATE sandbox_game_rounds SET status = 'SETTLED', win = $2, balance_after = $3, outcome = $4,
         settled_at = app_now()
       WHERE id = $1 RETURNING ${ROUND_COLUMNS}`,
      [round.id, win, balanceAfter, JSON.stringify(outcome)],
    );
    return toRound(r.rows[0]!);
  });
  return round.finally(() => walletChanged(ctx, played));
}
