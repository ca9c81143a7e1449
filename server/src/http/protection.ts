import { ZERO_DATE } from '@core/zeroDate';
import { satangToThb } from '@core/money';
import { PROVIDERS } from '@core/providers';
import type { components } from '@core/contract';
import { shownCredit } from '../domain/games/providerWallets';
import { deviceName } from '../domain/players/deviceName';
import { playDayEndsAt, playTimeLimitMinutes, playedTodaySeconds } from '../domain/players/playTime';
import { exclusionInForce, selfExclude, takeTimeOut, type Exclusion } from '../domain/protection/exclusions';
import { limitUsed } from '../domain/protection/protectionChecks';
import {
  confirmLimitChange,
  currentLimits,
  setLimit,
  type PlayerLimit,
} from '../domain/protection/protectionLimits';
import { realityCheckMinutes, setRealityCheck } from '../domain/protection/realityChecks';
import type { SelfExclusionMonths } from '@core/protectionRules';
import { endOtherSessions, endSessionByPublicId, listLiveSessions } from '../domain/players/sessions';
import { gameResults, statement, statementPeriod } from '../domain/players/statement';
import type { Queryable } from '../db/types';
import { DomainError } from '../errors';
import { clearSessionCookie } from './auth';
import type { SomeHandlers } from './types';

type ContractLimit = components['schemas']['PlayerLimit'];
type ContractExclusion = components['schemas']['Exclusion'];

export function exclusionView(e: Exclusion): ContractExclusion {
  return { kind: e.kind, startsAt: e.startsAt.toISOString(), endsAt: e.endsAt.toISOString() };
}

async function limitView(q: Queryable, playerId: string, l: PlayerLimit, now: Date): Promise<ContractLimit> {
  return {
    kind: l.kind,
    period: l.period,
    amount: l.amount,
    used: await limitUsed(q, playerId, l.kind, l.period, now),
    effectiveFrom: l.effectiveFrom?.toISOString() ?? null,
    pending: l.pending && {
      amount: l.pending.amount,
      requestedAt: l.pending.requestedAt.toISOString(),
      confirmableFrom: l.pending.confirmableFrom.toISOString(),
      confirmableUntil: l.pending.confirmableUntil.toISOString(),
    },
  };
}

/** The limit of this kind and period after a change: removed outright, it reads as no limit and nothing waiting. */
async function oneLimit(
  q: Queryable,
  playerId: string,
  kind: PlayerLimit['kind'],
  period: PlayerLimit['period'],
  now: Date,
): Promise<ContractLimit> {
  const found = (await currentLimits(q, playerId, now)).find((l) => l.kind === kind && l.period === period);
  return limitView(
    q,
    playerId,
    found ?? { kind, period, amount: null, effectiveFrom: null, pending: null },
    now,
  );
}

export const protectionHandlers = {
  async getProtection({ session }, _reply, ctx) {
    const now = ctx.clock.now();
    const playerId = session.playerId;
    const limits = await currentLimits(ctx.db, playerId, now);
    const exclusion = await exclusionInForce(ctx.db, playerId, now);
    return {
      limits: await Promise.all(limits.map((l) => limitView(ctx.db, playerId, l, now))),
      exclusion: exclusion && exclusionView(exclusion),
      realityCheckMinutes: await realityCheckMinutes(ctx.db, playerId),
      playedTodaySeconds: await playedTodaySeconds(ctx.db, playerId, now),
      playDayEndsAt: playDayEndsAt(now).toISOString(),
    };
  },

  async setLimit({ session, body }, _reply, ctx) {
    const now = ctx.clock.now();
    return ctx.db.tx(async (q) => {
      const outcome = await setLimit(q, session.playerId, body.kind, body.period, body.amount, now);
      return { outcome, limit: await oneLimit(q, session.playerId, body.kind, body.period, now) };
    });
  },

  async confirmLimit({ session, body }, _reply, ctx) {
    const now = ctx.clock.now();
    return ctx.db.tx(async (q) => {
      await confirmLimitChange(q, session.playerId, body.kind, body.period, now);
      return { limit: await oneLimit(q, session.playerId, body.kind, body.period, now) };
    });
  },

  async setRealityCheck({ session, body }, _reply, ctx) {
    await setRealityCheck(ctx.db, session.playerId, body.minutes);
    return { realityCheckMinutes: body.minutes };
  },

  async takeTimeOut({ session, body }, _reply, ctx) {
    const exclusion = await ctx.db.tx((q) => takeTimeOut(q, session.playerId, body.days, ctx.clock.now()));
    return { exclusion: exclusionView(exclusion) };
  },

  async selfExclude({ session, body }, reply, ctx) {
    const exclusion = await ctx.db.tx((q) =>
      selfExclude(q, session.playerId, body.months as SelfExclusionMonths, ctx.clock.now()),
    );
    // Every session ended with it, this one too: the browser forgets its cookie now.
    clearSessionCookie(reply, ctx.config);
    return { exclusion: exclusionView(exclusion) };
  },

  async getSessionSummary({ session }, _reply, ctx) {
    // Reading every wallet books the rounds played since the last read, so the net is up to date.
    await Promise.all(PROVIDERS.map((provider) => shownCredit(ctx, session.playerId, provider)));
    const now = ctx.clock.now();
    const results = await gameResults(ctx.db, session.playerId, session.loginAt, now);
    return {
      startedAt: session.loginAt.toISOString(),
      playedSeconds: Math.max(0, Math.floor((now.getTime() - session.loginAt.getTime()) / 1000)),
      net: satangToThb(results.reduce((sum, r) => sum + r.net, 0)),
      playedTodaySeconds: await playedTodaySeconds(ctx.db, session.playerId, now),
      playTimeLimitMinutes: await playTimeLimitMinutes(ctx.db, session.playerId),
    };
  },

  async getStatement({ session, query }, _reply, ctx) {
    const { start, end } = statementPeriod(query.from, query.to);
    const figures = await statement(ctx.db, session.playerId, start, end);
    const money = (m: typeof figures.deposits) => ({
      count: m.count,
      amount: m.amount,
      credit: satangToThb(m.credit),
    });
    return {
      from: query.from,
      to: query.to,
      deposits: money(figures.deposits),
      withdrawals: money(figures.withdrawals),
      bonuses: satangToThb(figures.bonuses),
      rewards: satangToThb(figures.rewards),
      corrections: satangToThb(figures.corrections),
      providers: figures.providers.map((p) => ({ provider: p.provider, net: satangToThb(p.net) })),
      net: satangToThb(figures.net),
    };
  },

  async listSessions({ session }, _reply, ctx) {
    const sessions = await listLiveSessions(ctx.db, ctx.config, session.playerId, session.sessionId);
    return {
      previousLoginAt: session.previousLoginAt?.toISOString() ?? ZERO_DATE,
      sessions: sessions.map((s) => ({
        id: s.publicId,
        device: deviceName(s.userAgent),
        address: s.ip,
        loginAt: s.loginAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.current,
      })),
    };
  },

  async endSession({ session, params }, reply, ctx) {
    if (!(await endSessionByPublicId(ctx.db, session.playerId, params.sessionId)))
      throw new DomainError('SESSION_NOT_FOUND', 'The player has no such session');
    if (params.sessionId === session.publicId) clearSessionCookie(reply, ctx.config);
    return { ok: true };
  },

  async endOtherSessions({ session }, _reply, ctx) {
    return { ended: await endOtherSessions(ctx.db, session.playerId, session.sessionId) };
  },
} satisfies SomeHandlers;
