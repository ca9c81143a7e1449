import { http, HttpResponse, type HttpHandler } from 'msw';
import { parseThbToSatang, satangToThb } from '@core/money';
import type { FakeState } from './fakeState';
import { apiPath, errorResponse, track, unauthorized } from './respond';

/** Loss cashback over FakeState.cashback: a claim pays a CLAIMABLE payment to its provider's credit. */
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
  ];
}
