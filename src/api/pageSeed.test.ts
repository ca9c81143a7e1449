import { http, HttpResponse } from 'msw';
import { createAppStore } from '@/app/store';
import { server } from '../../tests/unit/msw/server';
import { api } from './cache';
import { applyPageSeeds } from './pageSeed';

const credits = {
  credits: [{ provider: 'alphabet', credit: { amount: '12.50', currency: 'THB' } }],
  total: { amount: '12.50', currency: 'THB' },
} as never;

/** Lets the timers of the cache run out: a credit nothing holds is dropped on the next one. */
const laterTask = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the answers a page arrives with', () => {
  it('keep the credit the page was drawn with until the page is taken over, without asking again', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/v2/players/credits', () => {
        asked += 1;
        return HttpResponse.json({ ...(credits as object), total: { amount: '99.00', currency: 'THB' } });
      }),
    );
    const store = createAppStore();
    const release = await applyPageSeeds(store.dispatch, [
      { endpoint: 'getPlayerCredits', args: undefined, data: credits },
    ]);
    await laterTask();
    // Before: the credit was dropped before the page hydrated, which then drew "…" and was rendered again.
    expect(api.endpoints.getPlayerCredits.select()(store.getState()).data?.total.amount).toBe('12.50');
    expect(asked).toBe(0);

    // Taken over: the page's own reader asks again, as every new reader of the credit does.
    const reader = store.dispatch(api.endpoints.getPlayerCredits.initiate());
    release();
    await reader;
    expect(asked).toBe(1);
    expect(api.endpoints.getPlayerCredits.select()(store.getState()).data?.total.amount).toBe('99.00');
    reader.unsubscribe();
  });
});
