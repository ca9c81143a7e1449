import { http, HttpResponse, type HttpHandler } from 'msw';
import { PROVIDERS } from '@core/providers';
import type { BetRoundPage, PlayerLimit, SetLimitRequest, LimitKey, Statement } from '@/api';
import type { FakeState } from './fakeState';
import { apiPath, errorResponse, track, unauthorized } from './respond';

const DAY_MS = 24 * 3_600_000;

/** The player protection endpoints over FakeState.protection, with the server's rule: looser waits 24 h. */
export function protectionHandlers(state: FakeState): HttpHandler[] {
  const find = (key: LimitKey) =>
    state.protection.limits.find((l) => l.kind === key.kind && l.period === key.period);

  return [
    // The account activity's statement: nothing happened in the days asked (a test with figures of its own
    // brings its own handler).
    http.get(apiPath('/v2/players/statement'), ({ request }) => {
      const failure = track(state, request, 'getStatement');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const query = new URL(request.url).searchParams;
      const none = { count: 0, amount: 0, credit: '0.00' };
      return HttpResponse.json<Statement>({
        from: query.get('from') ?? '',
        to: query.get('to') ?? '',
        deposits: none,
        withdrawals: none,
        bonuses: '0.00',
        rewards: '0.00',
        corrections: '0.00',
        providers: PROVIDERS.map((provider) => ({ provider, net: '0.00' })),
        net: '0.00',
      });
    }),

    // The bet history: the rounds playFakeRound booked, a page at a time.
    http.get(apiPath('/v2/players/bets'), ({ request }) => {
      const failure = track(state, request, 'listPlayerBets');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 10);
      return HttpResponse.json<BetRoundPage>({
        items: state.bets.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: state.bets.length,
      });
    }),

    http.get(apiPath('/v2/players/protection'), ({ request }) => {
      const failure = track(state, request, 'getProtection');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json(state.protection);
    }),

    http.put(apiPath('/v2/players/protection/limits'), async ({ request }) => {
      const failure = track(state, request, 'setLimit');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const body = (await request.json()) as SetLimitRequest;
      const existing = find(body);
      const now = Date.now();
      const stricter = body.amount !== null && (!existing?.amount || body.amount <= existing.amount);
      let limit: PlayerLimit;
      if (stricter || !existing?.amount) {
        limit = {
          kind: body.kind,
          period: body.period,
          amount: body.amount,
          used: existing?.used ?? 0,
          effectiveFrom: new Date(now).toISOString(),
          pending: null,
        };
      } else {
        limit = {
          ...existing,
          pending: {
            amount: body.amount,
            requestedAt: new Date(now).toISOString(),
            confirmableFrom: new Date(now + DAY_MS).toISOString(),
            confirmableUntil: new Date(now + 8 * DAY_MS).toISOString(),
          },
        };
      }
      state.protection.limits = [...state.protection.limits.filter((l) => l !== existing), limit];
      return HttpResponse.json({ outcome: stricter ? 'APPLIED' : 'PENDING', limit });
    }),

    http.post(apiPath('/v2/players/protection/limits/confirm'), async ({ request }) => {
      const failure = track(state, request, 'confirmLimit');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const existing = find((await request.json()) as LimitKey);
      if (!existing?.pending) return errorResponse('LIMIT_CHANGE_NOT_PENDING');
      if (Date.parse(existing.pending.confirmableFrom) > Date.now())
        return errorResponse('LIMIT_CHANGE_TOO_EARLY');
      existing.amount = existing.pending.amount;
      existing.pending = null;
      return HttpResponse.json({ limit: existing });
    }),

    http.put(apiPath('/v2/players/protection/reality-check'), async ({ request }) => {
      const failure = track(state, request, 'setRealityCheck');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const { minutes } = (await request.json()) as { minutes: number | null };
      state.protection.realityCheckMinutes = minutes;
      return HttpResponse.json({ realityCheckMinutes: minutes });
    }),

    http.post(apiPath('/v2/players/protection/time-out'), async ({ request }) => {
      const failure = track(state, request, 'takeTimeOut');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const { days } = (await request.json()) as { days: number };
      const exclusion = {
        kind: 'TIME_OUT' as const,
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + days * DAY_MS).toISOString(),
      };
      state.protection.exclusion = exclusion;
      state.restriction = exclusion;
      return HttpResponse.json({ exclusion });
    }),

    http.post(apiPath('/v2/players/protection/self-exclusion'), async ({ request }) => {
      const failure = track(state, request, 'selfExclude');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const { months } = (await request.json()) as { months: number };
      const exclusion = {
        kind: 'SELF_EXCLUSION' as const,
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + months * 30 * DAY_MS).toISOString(),
      };
      state.restriction = exclusion;
      state.player = null; // every session ends
      return HttpResponse.json({ exclusion });
    }),

    http.get(apiPath('/v2/players/protection/session'), ({ request }) => {
      const failure = track(state, request, 'getSessionSummary');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json(state.sessionSummary);
    }),
  ];
}
