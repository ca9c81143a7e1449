import type { components } from '@core/contract';
import type { Db, Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { appendAudit, type Actor } from '../ledger/audit';
import { findPlayerForStaff, toSummary } from './backofficeReads';
import { listGamesForOps, setGameEnabled, setGameFlags, setGameOrder, type OpsGame } from '../games/games';
import { listTransfers } from '../money/outboxListing';
import { deleteAllSessions } from '../players/sessions';
import { setPlayerStatus } from '../players/players';

type StaffPlayerSummary = components['schemas']['StaffPlayerSummary'];
type StaffTransfer = components['schemas']['StaffTransfer'];
type StaffGameChange = components['schemas']['StaffGameChange'];

/**
 * What staff change on a player and in the catalogue from the back office, each in one transaction with
 * its audit row (who, what, before and after), beside the operations `npm run ops` shares with it.
 */

/** Signs a player out everywhere: every session ends at once. */
export async function endPlayerSessions(db: Db, username: string, actor: Actor): Promise<number> {
  return db.tx(async (q) => {
    const player = await findPlayerForStaff(q, username);
    const ended = await deleteAllSessions(q, player.id);
    await appendAudit(q, actor, {
      action: 'player.sessions.end',
      target: `player:${player.username}`,
      after: { ended },
    });
    return ended;
  });
}

/** Blocks a player from claiming promotions and rewards (promotionCatalogue's check), or lifts it. */
export async function setPromotionBlock(
  db: Db,
  username: string,
  blocked: boolean,
  actor: Actor,
): Promise<StaffPlayerSummary> {
  return db.tx(async (q) => {
    const player = await findPlayerForStaff(q, username);
    await q.query('SELECT 1 FROM players WHERE id = $1 FOR UPDATE', [player.id]);
    await q.query('UPDATE players SET promotion_blocked = $2 WHERE id = $1', [player.id, blocked]);
    await appendAudit(q, actor, {
      action: 'player.promotionBlock',
      target: `player:${player.username}`,
      before: { promotionBlocked: player.promotion_blocked },
      after: { promotionBlocked: blocked },
    });
    return toSummary({ ...player, promotion_blocked: blocked });
  });
}

/**
 * Blocks a player's account or unblocks it, with the reason, audited. Blocking ends every session at once
 * (setPlayerStatus), so sign-in, pages and the games' bets are refused from then on; money already in stays.
 */
export async function setAccountStatus(
  db: Db,
  username: string,
  change: { status: 'ACTIVE' | 'BLOCKED'; reason: string },
  actor: Actor,
): Promise<StaffPlayerSummary> {
  const reason = change.reason.trim();
  if (reason.length < 3)
    throw new DomainError('VALIDATION_ERROR', 'Say why', [{ field: 'reason', message: 'required' }]);
  return db.tx(async (q) => {
    const player = await findPlayerForStaff(q, username);
    await q.query('SELECT 1 FROM players WHERE id = $1 FOR UPDATE', [player.id]);
    await setPlayerStatus(q, player.id, change.status);
    await appendAudit(q, actor, {
      action: 'player.status',
      target: `player:${player.username}`,
      before: { status: player.status },
      after: { status: change.status, reason },
    });
    return toSummary({ ...player, status: change.status });
  });
}

async function gameById(q: Queryable, id: string): Promise<OpsGame | undefined> {
  return (await listGamesForOps(q)).find((g) => g.id === id);
}

/** Enables or disables a game, moves it, or sets its badges: the fields given, together, audited. */
export async function updateGameForStaff(
  db: Db,
  id: string,
  change: StaffGameChange,
  actor: Actor,
): Promise<OpsGame> {
  return db.tx(async (q) => {
    const before = await gameById(q, id);
    if (!before) throw new DomainError('GAME_NOT_FOUND', `No game ${id}`);
    let after = before;
    if (change.enabled !== undefined) after = await setGameEnabled(q, id, change.enabled);
    if (change.order !== undefined) after = await setGameOrder(q, id, change.order);
    if (change.isNew !== undefined || change.isHot !== undefined)
      after = await setGameFlags(q, id, {
        isNew: change.isNew ?? after.isNew,
        isHot: change.isHot ?? after.isHot,
      });
    await appendAudit(q, actor, {
      action: 'game.update',
      target: `game:${id}`,
      before: {
        enabled: before.enabled,
        order: before.order,
        isNew: before.isNew,
        isHot: before.isHot,
      },
      after: { enabled: after.enabled, order: after.order, isNew: after.isNew, isHot: after.isHot },
    });
    return after;
  });
}

/** The provider outbox for staff: as `npm run ops -- transfers` lists it, with each player's username. */
export async function transfersForStaff(
  q: Queryable,
  which: 'pending' | 'failed',
  stuckMinutes: number,
): Promise<StaffTransfer[]> {
  const rows = await listTransfers(q, which, stuckMinutes);
  const ids = [...new Set(rows.map((r) => r.playerId))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const r = await q.query<{ id: string; username: string }>(
      'SELECT id, username FROM players WHERE id = ANY($1::uuid[])',
      [ids],
    );
    for (const row of r.rows) names.set(row.id, row.username);
  }
  return rows.map((t) => ({
    reference: t.reference,
    provider: t.provider as StaffTransfer['provider'],
    username: names.get(t.playerId) ?? t.playerId,
    direction: t.direction as StaffTransfer['direction'],
    amount: t.amount,
    kind: t.kind,
    status: t.status as StaffTransfer['status'],
    attempts: t.attempts,
    lastError: t.lastError,
    createdAt: t.createdAt,
    nextAttemptAt: t.nextAttemptAt,
    stuck: t.stuck,
  }));
}
