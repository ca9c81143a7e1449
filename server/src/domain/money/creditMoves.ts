import type { components } from '@core/contract';
import { promotionBindsMove } from '@core/creditMoves';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { lockAccounts, playerAccountId, postTransfers } from '../ledger/ledger';
import { enqueueTransfer, hasPendingTransfer } from '../ledger/outbox';
import { providerCredit } from '../games/providerWallets';
import { usageInForce } from '../promotions/promotionUsages';
import { assertRewardTurnoverMet } from '../rewards/rewardCredits';
import { creditMoveRefs } from '../ledger/references';

type MoveCreditRequest = components['schemas']['MoveCreditRequest'];

export interface MovedCredit {
  reference: string;
  from: number;
  to: number;
}

/**
 * Before moveCreditIn's transaction: both providers must answer (their game results are booked, so both
 * ledger credits are whole), and no round may be open at `from`.
 */
export async function prepareMoveCredit(
  ctx: AppContext,
  playerId: string,
  move: MoveCreditRequest,
): Promise<void> {
  if (move.from === move.to) throw new DomainError('SAME_PROVIDER', 'Choose two different providers');
  const [from] = await Promise.all([
    providerCredit(ctx, playerId, move.from),
    providerCredit(ctx, playerId, move.to),
  ]);
  if (from.openRound) throw new DomainError('GAME_ROUND_OPEN', `Finish the game round at ${move.from} first`);
}

/**
 * Moves credit between two of the player's provider wallets, in the caller's transaction q: one ledger
 * transfer player:from → player:to (MOVE, reference mv:<id>) and two outbox rows, OUT at `from` and IN at
 * `to`, the IN delivered only after the OUT was (outbox.ts). Refused while a promotion in use binds the
 * credit at either provider, while a transfer of either wallet is on its way, or beyond the credit at `from`.
 * Returns both ledger credits after the move.
 */
export async function moveCreditIn(
  q: Queryable,
  playerId: string,
  move: MoveCreditRequest,
): Promise<MovedCredit> {
  if (move.from === move.to) throw new DomainError('SAME_PROVIDER', 'Choose two different providers');
  // Lock order: promotion usage, ledger accounts.
  const inForce = await usageInForce(q, playerId, true);
  if (promotionBindsMove(inForce?.usage.provider, move.from, move.to))
    throw new DomainError('PROMOTION_BINDS_CREDIT', 'A promotion in use binds the credit at this provider');
  const from = await playerAccountId(q, playerId, move.from);
  const to = await playerAccountId(q, playerId, move.to);
  const locked = await lockAccounts(q, [from, to]);
  if ((await hasPendingTransfer(q, playerId, move.from)) || (await hasPendingTransfer(q, playerId, move.to)))
    throw new DomainError('TRANSFER_PENDING', 'A transfer is still on its way; try again shortly');
  await assertRewardTurnoverMet(q, playerId, move.from);
  if (locked.get(from)!.balance < move.credit)
    throw new DomainError('CREDIT_NOT_ENOUGH', 'Credit not enough');

  const refs = creditMoveRefs();
  await postTransfers(q, [
    {
      reference: refs.transfer,
      kind: 'MOVE',
      debitAccountId: from,
      creditAccountId: to,
      amount: move.credit,
    },
  ]);
  const leg = { playerId, amount: move.credit, ledgerReference: refs.transfer };
  await enqueueTransfer(q, {
    ...leg,
    reference: refs.out,
    provider: move.from,
    direction: 'OUT',
    kind: 'MOVE_OUT',
  });
  await enqueueTransfer(q, {
    ...leg,
    reference: refs.in,
    provider: move.to,
    direction: 'IN',
    kind: 'MOVE_IN',
    dependsOn: refs.out,
  });
  return {
    reference: refs.transfer,
    from: locked.get(from)!.balance - move.credit,
    to: locked.get(to)!.balance + move.credit,
  };
}
