import { ROLE_PERMISSIONS } from '@core/staffRoles';
import type { FastifyReply } from 'fastify';
import type { components } from '@core/contract';
import type { Db } from '../db/types';
import { releaseWithdrawal, takeWithdrawal } from '../domain/staff/withdrawalHolds';
import { decideCorrection, requestCorrection } from '../domain/staff/creditCorrections';
import { appendAudit, auditEvent, listAudit, verifyAuditChain, type Actor } from '../domain/ledger/audit';
import {
  dashboard,
  listQueue,
  playerForStaff,
  queueEntry,
  listDepositsForStaff,
  searchPlayers,
} from '../domain/staff/backofficeReads';
import {
  endPlayerSessions,
  setPromotionBlock,
  setAccountStatus,
  transfersForStaff,
  updateGameForStaff,
} from '../domain/staff/backofficeActions';
import { listGamesForOps } from '../domain/games/games';
import { retryTransfer } from '../domain/money/outboxListing';
import { createPromotion, setPromotionRules } from '../domain/promotions/promotionAuthoring';
import { applyUnmatchedPayment, listUnmatchedPayments, refundPayment } from '../domain/money/payments';
import {
  promotionsForStaff,
  setPromotionEnd,
  setPromotionImage,
  setPromotionText,
} from '../domain/promotions/promotionSettings';
import {
  completeEnrolmentIn,
  createStaffIn,
  listStaff,
  resetStaffIn,
  setStaffDisabledIn,
  setStaffRoleIn,
  showEnrolmentIn,
  verifyStaffLogin,
} from '../domain/staff/staffAccounts';
import {
  updateCashbackSettings,
  updateCheckInSettings,
  updateReferralSettings,
} from '../domain/rewards/rewardSettings';
import { ledgerWalletDifferences } from '../domain/games/walletDifferences';
import { seamlessWalletCheck } from '../domain/games/betHistory';
import {
  createStaffSession,
  endStaffSession,
  STAFF_IDLE_MINUTES,
  type StaffSession,
} from '../domain/staff/staffSessions';
import { hashToken } from '../domain/players/sessions';
import {
  addStaffNote,
  changeStaffSettings,
  readStaffSettings,
  rewardSettingsForStaff,
} from '../domain/staff/staffSettings';
import { beginStaffAttempt, markAttemptSucceeded } from '../domain/players/throttle';
import { approveWithdraw, rejectWithdraw } from '../domain/money/withdrawals';
import { DomainError } from '../errors';
import { pageOf } from './paging';
import {
  assertStaffAddressAllowed,
  clearStaffCookie,
  setStaffCookie,
  staffActor,
  staffToken,
} from './staffAuth';
import type { SomeHandlers } from './types';

type StaffSessionView = components['schemas']['StaffSession'];

function sessionView(staff: Pick<StaffSession, 'username' | 'displayName' | 'role'>): StaffSessionView {
  return {
    username: staff.username,
    displayName: staff.displayName,
    role: staff.role,
    permissions: [...ROLE_PERMISSIONS[staff.role]],
    idleMinutes: STAFF_IDLE_MINUTES,
  };
}

/**
 * A list of one player's orders is a read of their data, audited; the queues themselves, which every
 * screen reads again as orders change, are the work of the day and are not.
 */
async function auditOrdersRead(db: Db, actor: Actor, kind: 'withdrawals' | 'deposits', username?: string) {
  if (username)
    await auditEvent(db, actor, {
      action: 'player.orders.read',
      target: `player:${username}`,
      after: { kind },
    });
}

/** Starts a throttled staff attempt (sign-in, enrolment code), or refuses it with 429 and Retry-After. */
async function staffAttempt(db: Db, account: string, ip: string, reply: FastifyReply): Promise<string> {
  const { attemptId, retryAfter } = await beginStaffAttempt(db, account, ip);
  if (retryAfter > 0) {
    reply.header('Retry-After', String(retryAfter));
    throw new DomainError('TOO_MANY_ATTEMPTS', 'Too many attempts; try again later', [
      { field: 'retryAfter', message: String(retryAfter) },
    ]);
  }
  return attemptId;
}

/**
 * The back office's operations (openapi.yaml, tags Staff*). The binder has checked the staff session and
 * the role's permission before each of these runs (staffAuth.ts); every change is audited in its own
 * transaction by the domain operation it calls, the same one `npm run ops` calls.
 */
export const backofficeHandlers = {
  async loginStaff(req, reply, ctx) {
    assertStaffAddressAllowed(req, ctx.config);
    const { username, password, code } = req.body;
    // Throttled like a player's login, counted apart from any player of the same name, and per account
    // across every address (throttle.ts).
    const attemptId = await staffAttempt(ctx.db, `staff:${username}`, req.ip, reply);
    const signIn = ctx.db.tx(async (q) => {
      const row = await verifyStaffLogin(q, { username, password, code });
      await markAttemptSucceeded(q, attemptId);
      const token = await createStaffSession(q, row.id, req.ip);
      await appendAudit(
        q,
        { name: `staff:${row.username}`, address: req.ip },
        {
          action: 'staff.login',
          target: `staff:${row.username}`,
        },
      );
      return { row, token };
    });
    // A refused attempt that passed the throttle is audited (what was refused, never the password or code).
    const signedIn = await signIn.catch(async (err: unknown) => {
      if (err instanceof DomainError)
        await auditEvent(
          ctx.db,
          { name: `staff:${username}`, address: req.ip },
          { action: 'staff.login.refused', target: `staff:${username}`, after: { code: err.code } },
        );
      throw err;
    });
    req.log.info({ auth: 'staff-login', username: signedIn.row.username, ip: req.ip }, 'staff signed in');
    setStaffCookie(reply, ctx.config, signedIn.token);
    return sessionView({
      username: signedIn.row.username,
      displayName: signedIn.row.display_name,
      role: signedIn.row.role,
    });
  },

  async showStaffEnrolment(req, _reply, ctx) {
    assertStaffAddressAllowed(req, ctx.config);
    return ctx.db.tx((q) => showEnrolmentIn(q, req.body.token));
  },

  async completeStaffEnrolment(req, reply, ctx) {
    assertStaffAddressAllowed(req, ctx.config);
    const { token, password, code } = req.body;
    // Codes guessed against one link meet the same growing delay as a sign-in's.
    const attemptId = await staffAttempt(ctx.db, `enrol:${hashToken(token).slice(0, 32)}`, req.ip, reply);
    return ctx.db.tx(async (q) => {
      const member = await completeEnrolmentIn(q, token, { password, code }, req.ip);
      await markAttemptSucceeded(q, attemptId);
      return member;
    });
  },

  async getStaffSession(req) {
    return sessionView(req.staff);
  },

  async logoutStaff(req, reply, ctx) {
    const token = staffToken(req);
    if (token)
      await ctx.db.tx(async (q) => {
        await endStaffSession(q, token);
        await appendAudit(q, staffActor(req), {
          action: 'staff.logout',
          target: `staff:${req.staff.username}`,
        });
      });
    clearStaffCookie(reply, ctx.config);
    return { ok: true as const };
  },

  async getStaffDashboard(_req, _reply, ctx) {
    return dashboard(ctx.db, ctx.clock.now());
  },

  async listStaffWithdrawals(req, _reply, ctx) {
    const { page, pageSize } = pageOf(req.query);
    const found = await listQueue(ctx.db, {
      status: req.query.status,
      username: req.query.username,
      sort: req.query.sort ?? 'oldest',
      page,
      pageSize,
    });
    await auditOrdersRead(ctx.db, staffActor(req), 'withdrawals', req.query.username);
    return { ...found, page, pageSize };
  },

  async approveStaffWithdrawal(req, _reply, ctx) {
    const order = await approveWithdraw(ctx, req.params.code, staffActor(req));
    const withdrawal = await queueEntry(ctx.db, req.params.code);
    const paying = order.status !== 'OPEN' || order.payout?.stage !== 'RECEIVED';
    return { outcome: paying ? ('PAID' as const) : ('AWAITING_SECOND_APPROVAL' as const), withdrawal };
  },

  async takeStaffWithdrawal(req, _reply, ctx) {
    const { staffId } = staffActor(req);
    await ctx.db.tx((q) => takeWithdrawal(q, staffId, req.params.code));
    return queueEntry(ctx.db, req.params.code);
  },

  async releaseStaffWithdrawal(req, _reply, ctx) {
    const { staffId } = staffActor(req);
    await ctx.db.tx((q) => releaseWithdrawal(q, staffId, req.params.code));
    return queueEntry(ctx.db, req.params.code);
  },

  async rejectStaffWithdrawal(req, _reply, ctx) {
    await rejectWithdraw(ctx, req.params.code, staffActor(req), req.body.reason);
    return { outcome: 'REJECTED' as const, withdrawal: await queueEntry(ctx.db, req.params.code) };
  },

  async listStaffPlayers(req, _reply, ctx) {
    const { page, pageSize } = pageOf(req.query);
    // What a member saw of whom is audited before the answer leaves (docs/backoffice.md#audit).
    const found = await searchPlayers(ctx.db, req.query.q, page, pageSize);
    await auditEvent(ctx.db, staffActor(req), {
      action: 'players.search',
      target: 'players',
      after: { q: req.query.q ?? null, page, usernames: found.items.map((p) => p.username) },
    });
    return { ...found, page, pageSize };
  },

  async getStaffPlayer(req, _reply, ctx) {
    const player = await playerForStaff(ctx.db, req.params.username, ctx.clock.now());
    await auditEvent(ctx.db, staffActor(req), {
      action: 'player.read',
      target: `player:${player.player.username}`,
    });
    return player;
  },

  async addStaffNote(req, reply, ctx) {
    const note = await ctx.db.tx((q) => addStaffNote(q, staffActor(req), req.params.username, req.body.text));
    reply.code(201);
    return note;
  },

  async listStaffPromotions(_req, _reply, ctx) {
    return promotionsForStaff(ctx.db);
  },

  async createStaffPromotion(req, reply, ctx) {
    await createPromotion(ctx.db, ctx.config, req.body, staffActor(req));
    reply.code(201);
    return (await promotionsForStaff(ctx.db, req.body.id))[0]!;
  },

  async updateStaffPromotionRules(req, _reply, ctx) {
    const { promotionId } = req.params;
    await setPromotionRules(ctx.db, ctx.config, promotionId, req.body, staffActor(req));
    return (await promotionsForStaff(ctx.db, promotionId))[0]!;
  },

  async updateStaffPromotionText(req, _reply, ctx) {
    const { lang, title, description } = req.body;
    await setPromotionText(ctx.db, req.params.promotionId, lang, { title, description }, staffActor(req));
    return (await promotionsForStaff(ctx.db, req.params.promotionId))[0]!;
  },

  async listAuditEntries(req, _reply, ctx) {
    const { page, pageSize } = pageOf(req.query);
    const [found, chain] = await Promise.all([
      listAudit(ctx.db, page, pageSize, {
        actor: req.query.actor,
        action: req.query.action,
        target: req.query.target,
        from: req.query.from,
        to: req.query.to,
      }),
      verifyAuditChain(ctx.db),
    ]);
    return { ...found, page, pageSize, chain };
  },

  async listStaff(_req, _reply, ctx) {
    return listStaff(ctx.db);
  },

  async createStaff(req, reply, ctx) {
    const created = await ctx.db.tx((q) => createStaffIn(q, staffActor(req), req.body));
    reply.code(201);
    return created;
  },

  async resetStaff(req, _reply, ctx) {
    return ctx.db.tx((q) => resetStaffIn(q, staffActor(req), req.params.staffUsername));
  },

  async getStaffSettings(_req, _reply, ctx) {
    return readStaffSettings(ctx.db, ctx.config);
  },

  async updateStaffSettings(req, _reply, ctx) {
    await ctx.db.tx((q) => changeStaffSettings(q, staffActor(req), req.body, ctx.config));
    return readStaffSettings(ctx.db, ctx.config);
  },

  async listStaffDeposits(req, _reply, ctx) {
    const { page, pageSize } = pageOf(req.query);
    const found = await listDepositsForStaff(ctx.db, {
      status: req.query.status,
      username: req.query.username,
      page,
      pageSize,
    });
    await auditOrdersRead(ctx.db, staffActor(req), 'deposits', req.query.username);
    return { ...found, page, pageSize };
  },

  async listStaffUnmatchedPayments(_req, _reply, ctx) {
    return { items: await listUnmatchedPayments(ctx.db) };
  },

  async applyStaffPayment(req, _reply, ctx) {
    await applyUnmatchedPayment(ctx, req.params.reference, req.body.code, staffActor(req));
    return { ok: true as const };
  },

  async refundStaffPayment(req, _reply, ctx) {
    await refundPayment(ctx, req.params.reference, staffActor(req));
    return { ok: true as const };
  },

  async listStaffTransfers(req, _reply, ctx) {
    const which = req.query.which ?? 'pending';
    return { items: await transfersForStaff(ctx.db, which, ctx.config.outboxStuckMinutes) };
  },

  async retryStaffTransfer(req, _reply, ctx) {
    return { delivery: await retryTransfer(ctx, req.params.reference, staffActor(req)) };
  },

  async checkStaffWallets(_req, _reply, ctx) {
    const seamless = await seamlessWalletCheck(ctx.db, ctx.clock.now());
    return { ...seamless, differences: [...(await ledgerWalletDifferences(ctx)), ...seamless.differences] };
  },

  async listStaffGames(_req, _reply, ctx) {
    return { games: await listGamesForOps(ctx.db) };
  },

  async updateStaffGame(req, _reply, ctx) {
    return updateGameForStaff(ctx.db, req.params.gameId, req.body, staffActor(req));
  },

  async endStaffPlayerSessions(req, _reply, ctx) {
    return { ended: await endPlayerSessions(ctx.db, req.params.username, staffActor(req)) };
  },

  async setStaffPlayerPromotionBlock(req, _reply, ctx) {
    return setPromotionBlock(ctx.db, req.params.username, req.body.blocked, staffActor(req));
  },

  async setStaffPlayerStatus(req, _reply, ctx) {
    return setAccountStatus(ctx.db, req.params.username, req.body, staffActor(req));
  },

  async updateStaffPromotion(req, _reply, ctx) {
    const { promotionId } = req.params;
    const actor = staffActor(req);
    if (req.body.imageUrl !== undefined)
      await setPromotionImage(ctx.db, promotionId, req.body.imageUrl, actor);
    if (req.body.endsAt !== undefined)
      await setPromotionEnd(ctx.db, promotionId, new Date(req.body.endsAt), actor);
    return (await promotionsForStaff(ctx.db, promotionId))[0]!;
  },

  async requestStaffCreditCorrection(req, reply, ctx) {
    const correction = await requestCorrection(
      ctx.db,
      ctx.config,
      staffActor(req),
      req.params.username,
      req.body,
    );
    reply.code(201);
    return correction;
  },

  async approveStaffCreditCorrection(req, _reply, ctx) {
    return decideCorrection(ctx.db, staffActor(req), req.params.correctionId, 'APPLIED');
  },

  async refuseStaffCreditCorrection(req, _reply, ctx) {
    return decideCorrection(ctx.db, staffActor(req), req.params.correctionId, 'REFUSED');
  },

  async setStaffRole(req, _reply, ctx) {
    return ctx.db.tx((q) => setStaffRoleIn(q, staffActor(req), req.params.staffUsername, req.body.role));
  },

  async setStaffDisabled(req, _reply, ctx) {
    return ctx.db.tx((q) =>
      setStaffDisabledIn(q, staffActor(req), req.params.staffUsername, req.body.disabled),
    );
  },

  async getStaffRewardSettings(_req, _reply, ctx) {
    return rewardSettingsForStaff(ctx.db, ctx.clock.now());
  },

  async updateStaffRewardSettings(req, _reply, ctx) {
    const { cashback, checkIn, referral } = req.body;
    const actor = staffActor(req);
    await ctx.db.tx(async (q) => {
      const before = await rewardSettingsForStaff(q, ctx.clock.now());
      if (cashback) await updateCashbackSettings(q, cashback, ctx.clock.now());
      if (checkIn) await updateCheckInSettings(q, checkIn);
      if (referral) await updateReferralSettings(q, referral);
      await appendAudit(q, actor, {
        action: 'settings.rewards',
        target: 'settings:rewards',
        before,
        after: req.body,
      });
    });
    return rewardSettingsForStaff(ctx.db, ctx.clock.now());
  },
} satisfies SomeHandlers;
