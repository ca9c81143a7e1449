import { http, HttpResponse, type HttpHandler } from 'msw';
import { parseThbToSatang, satangToThb } from '@core/money';
import type { Provider } from '@/api';
import type { FakeState } from './fakeState';
import { apiPath, errorResponse, track, unauthorized } from './respond';

/**
 * Loss cashback over FakeState.cashback (a claim pays a CLAIMABLE payment to its provider's credit) and the
 * daily check-in over FakeState.checkIn (today is checked in when its reason says it may be), and refer a
 * friend over FakeState.referral (a claim credits what is claimable).
 */
export function rewardHandlers(state: FakeState): HttpHandler[] {
  return [
    http.get(apiPath('/v2/rewards/cashback'), ({ request }) => {
      const failure = track(state, request, 'getCashback');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json(state.cashback);
    }),

    http.post(apiPath('/v2/rewards/cashback/:paymentId/claim'), ({ request, params }) => {
      const failure = track(state, request, 'claimCashback');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const payment = state.cashback.payments.find((p) => p.id === params.paymentId);
      if (!payment) return errorResponse('REWARD_NOT_FOUND');
      if (state.restriction)
        return errorResponse(
          state.restriction.kind === 'TIME_OUT' ? 'PLAYER_TIMED_OUT' : 'PLAYER_SELF_EXCLUDED',
        );
      if (payment.status !== 'CLAIMABLE') return errorResponse('REWARD_NOT_CLAIMABLE');
      payment.status = 'PAID';
      payment.paidAt = new Date().toISOString();
      payment.turnoverRequired = payment.amount * state.cashback.terms.turnover;
      const before = parseThbToSatang(state.credits[payment.provider]) ?? 0;
      state.credits[payment.provider] = satangToThb(before + payment.amount);
      return HttpResponse.json({ payment });
    }),

    http.get(apiPath('/v2/rewards/check-in'), ({ request }) => {
      const failure = track(state, request, 'getCheckIn');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json(state.checkIn);
    }),

    http.post(apiPath('/v2/rewards/check-in'), ({ request }) => {
      const failure = track(state, request, 'claimCheckIn');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const { today, terms } = state.checkIn;
      if (state.restriction)
        return errorResponse(
          state.restriction.kind === 'TIME_OUT' ? 'PLAYER_TIMED_OUT' : 'PLAYER_SELF_EXCLUDED',
        );
      if (today.reason === 'CLAIMED') return errorResponse('CHECK_IN_ALREADY_CLAIMED');
      if (today.reason === 'WITHDRAWAL_OPEN') return errorResponse('CHECK_IN_WITHDRAWAL_OPEN');
      if (today.reason !== 'CLAIMABLE')
        return errorResponse('CHECK_IN_NOT_QUALIFIED', {
          details: [
            { field: 'depositRequired', message: String(terms.minDeposit) },
            { field: 'deposited', message: String(today.deposited) },
            { field: 'turnoverRequired', message: String(terms.minTurnover) },
            { field: 'staked', message: String(today.staked) },
          ],
        });
      today.reason = 'CLAIMED';
      state.checkIn.month = state.checkIn.month.map((d) =>
        d.day === today.day ? { ...d, claimed: true, amount: today.reward } : d,
      );
      const before = parseThbToSatang(state.credits.alphabet) ?? 0;
      state.credits.alphabet = satangToThb(before + today.reward);
      return HttpResponse.json({
        checkIn: {
          day: today.day,
          streak: today.streak,
          amount: today.reward,
          provider: 'alphabet' as const,
          turnoverRequired: today.reward * terms.turnover,
        },
      });
    }),

    http.get(apiPath('/v2/rewards/referral'), ({ request }) => {
      const failure = track(state, request, 'getReferral');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json(state.referral);
    }),

    http.post(apiPath('/v2/rewards/referral/claim'), async ({ request }) => {
      const failure = track(state, request, 'claimReferral');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const { provider } = (await request.json()) as { provider: Provider };
      if (state.restriction)
        return errorResponse(
          state.restriction.kind === 'TIME_OUT' ? 'PLAYER_TIMED_OUT' : 'PLAYER_SELF_EXCLUDED',
        );
      const amount = state.referral.claimable;
      if (amount <= 0) return errorResponse('REWARD_NOT_CLAIMABLE');
      state.referral = { ...state.referral, claimable: 0, reason: 'NOTHING_YET' };
      state.credits[provider] = satangToThb((parseThbToSatang(state.credits[provider]) ?? 0) + amount);
      return HttpResponse.json({
        claim: { amount, provider, turnoverRequired: amount * state.referral.terms.turnover },
      });
    }),
  ];
}
