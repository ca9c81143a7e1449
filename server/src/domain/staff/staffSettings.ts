import type { components } from '@core/contract';
import type { Config } from '../../config';
import type { Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { appendAudit, type Actor } from '../ledger/audit';
import { ownDepositBounds, setDepositBounds } from '../players/depositBounds';
import { findPlayerForStaff } from './backofficeReads';
import {
  assertFourEyesCoversAutomatic,
  automaticWithdrawMax,
  fourEyesAbove,
  setAutomaticWithdrawMax,
  setFourEyesAbove,
} from '../money/withdrawalApprovals';
import {
  cashbackPeriodChange,
  readCashbackSettings,
  readCheckInSettings,
  readReferralSettings,
} from '../rewards/rewardSettings';

type StaffSettings = components['schemas']['StaffSettings'];
type StaffSettingsChange = components['schemas']['StaffSettingsChange'];
type StaffNote = components['schemas']['StaffNote'];

/** The settings as staff see them: four eyes, and the automatic limit with the server's default beside it. */
export async function readStaffSettings(q: Queryable, config: Config): Promise<StaffSettings> {
  const deposits = await ownDepositBounds(q);
  return {
    fourEyesAboveCredit: await fourEyesAbove(q),
    automaticWithdrawMaxCredit: await automaticWithdrawMax(q),
    automaticWithdrawDefaultCredit: config.autoWithdrawMaxSatang,
    depositMinLak: deposits.min,
    depositMaxLak: deposits.max,
    depositDefaultMinLak: config.depositMinLak,
    depositDefaultMaxLak: config.depositMaxLak,
  };
}

/**
 * Saves what the change names, each part audited with its value before, in the caller's transaction q: a
 * refusal of any part (deposit bounds crossed, a four-eyes amount below the automatic limit) keeps none.
 */
export async function changeStaffSettings(
  q: Queryable,
  actor: Actor,
  change: StaffSettingsChange,
  config: Config,
): Promise<void> {
  if (change.fourEyesAboveCredit !== undefined) {
    const before = await fourEyesAbove(q);
    await setFourEyesAbove(q, change.fourEyesAboveCredit);
    await appendAudit(q, actor, {
      action: 'settings.fourEyes',
      target: 'settings:fourEyesAboveCredit',
      before: { fourEyesAboveCredit: before },
      after: { fourEyesAboveCredit: change.fourEyesAboveCredit },
    });
  }
  if (change.depositMinLak !== undefined || change.depositMaxLak !== undefined) {
    const before = await ownDepositBounds(q);
    const after = {
      min: change.depositMinLak === undefined ? before.min : change.depositMinLak,
      max: change.depositMaxLak === undefined ? before.max : change.depositMaxLak,
    };
    if ((after.min ?? config.depositMinLak) > (after.max ?? config.depositMaxLak))
      throw new DomainError('VALIDATION_ERROR', 'The smallest deposit is above the largest', [
        { field: 'depositMinLak', message: 'above depositMaxLak' },
      ]);
    await setDepositBounds(q, after);
    await appendAudit(q, actor, {
      action: 'settings.depositBounds',
      target: 'settings:depositBounds',
      before: { depositMinLak: before.min, depositMaxLak: before.max },
      after: { depositMinLak: after.min, depositMaxLak: after.max },
    });
  }
  if (change.automaticWithdrawMaxCredit !== undefined) {
    const before = await automaticWithdrawMax(q);
    await setAutomaticWithdrawMax(q, change.automaticWithdrawMaxCredit);
    await appendAudit(q, actor, {
      action: 'settings.automaticWithdraw',
      target: 'settings:automaticWithdrawMaxCredit',
      before: { automaticWithdrawMaxCredit: before },
      after: { automaticWithdrawMaxCredit: change.automaticWithdrawMaxCredit },
    });
  }
  // Judged on the two as saved together: no automatic payout above the four-eyes amount.
  if (change.fourEyesAboveCredit !== undefined || change.automaticWithdrawMaxCredit !== undefined)
    assertFourEyesCoversAutomatic(
      await fourEyesAbove(q),
      (await automaticWithdrawMax(q)) ?? config.autoWithdrawMaxSatang,
    );
}

/** The rewards' settings as staff see them, with a change of cashback period that waits for its Monday. */
export async function rewardSettingsForStaff(q: Queryable, now: Date) {
  const change = await cashbackPeriodChange(q);
  return {
    cashback: await readCashbackSettings(q, now),
    checkIn: await readCheckInSettings(q),
    referral: await readReferralSettings(q),
    ...(change ? { cashbackPeriodChange: { period: change.period, from: change.from.toISOString() } } : {}),
  };
}

/** A note on a player's file, audited, in the caller's transaction q. */
export async function addStaffNote(
  q: Queryable,
  actor: Actor,
  username: string,
  text: string,
): Promise<StaffNote> {
  const player = await findPlayerForStaff(q, username);
  const r = await q.query<{ created_at: unknown }>(
    'INSERT INTO staff_notes (player_id, author, text) VALUES ($1, $2, $3) RETURNING created_at',
    [player.id, actor.name, text],
  );
  await appendAudit(q, actor, {
    action: 'player.note',
    target: `player:${player.username}`,
    after: { text },
  });
  return { author: actor.name, text, createdAt: new Date(String(r.rows[0]!.created_at)).toISOString() };
}
