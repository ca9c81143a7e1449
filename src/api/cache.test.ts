import { http, HttpResponse } from 'msw';
import { createAppStore } from '@/app/store';
import { server } from '../../tests/unit/msw/server';
import { api } from './cache';

/**
 * What each mutation changes on the server, as the queries a player would see go stale. Written out by
 * hand from the server's behaviour (docs/), not from cache.ts: this is the table cache.ts must satisfy.
 */
const PAYMENT = [
  'getPlayerCredit',
  'getPlayerCredits',
  'getPromotionBlocking',
  'listDeposits',
  'listOpenDeposits',
  'getCurrentPromotion',
  'listPromotionUsages',
  'getWithdrawPromotionInfo',
];
const PROMOTION = [
  'getPlayerCredit',
  'getPlayerCredits',
  'getPromotionBlocking',
  'listPromotions',
  'getCurrentPromotion',
  'listPromotionUsages',
  'getWithdrawPromotionInfo',
];
const REFETCHED_AFTER: Record<string, string[] | 'reset'> = {
  saveFingerprint: [],
  loginPlayer: 'reset',
  logoutPlayer: 'reset',
  registerPlayer: 'reset',
  validateUsername: [],
  changePassword: [],
  addBankAccount: ['getPlayerInfo', 'getPlayerProfile', 'listBankAccounts'],
  createDeposit: [
    'listDeposits',
    'listOpenDeposits',
    'getCurrentPromotion',
    'listPromotionUsages',
    'getWithdrawPromotionInfo',
  ],
  checkDeposit: PAYMENT,
  cancelDeposit: PAYMENT,
  receivePaymentCallback: PAYMENT,
  paySandboxQr: PAYMENT,
  createWithdraw: [
    'getPlayerCredit',
    'getPlayerCredits',
    'getPromotionBlocking',
    'listWithdraws',
    'listOpenWithdraws',
    'getCurrentPromotion',
    'listPromotionUsages',
    'getWithdrawPromotionInfo',
  ],
  // The game is now the most recently played; money only moves inside the game (read again on closing it).
  launchGame: ['getPlayerGames'],
  addFavouriteGame: ['getPlayerGames'],
  removeFavouriteGame: ['getPlayerGames'],
  moveCredit: ['getPlayerCredit', 'getPlayerCredits', 'getWithdrawPromotionInfo'],
  setWalletSettings: ['getWalletSettings'],
  claimPromotion: PROMOTION,
  recheckPromotionUsage: PROMOTION,
  cancelPromotionUsage: PROMOTION,
  claimCashback: [
    'getCashback',
    'getCheckIn',
    'getReferral',
    'getPlayerCredit',
    'getPlayerCredits',
    'getWithdrawPromotionInfo',
    'getProtection',
    'getSessionSummary',
    'getStatement',
    'listSessions',
  ],
  claimCheckIn: [
    'getCashback',
    'getCheckIn',
    'getReferral',
    'getPlayerCredit',
    'getPlayerCredits',
    'getWithdrawPromotionInfo',
    'getProtection',
    'getSessionSummary',
    'getStatement',
    'listSessions',
  ],
  claimReferral: [
    'getCashback',
    'getCheckIn',
    'getReferral',
    'getPlayerCredit',
    'getPlayerCredits',
    'getWithdrawPromotionInfo',
    'getProtection',
    'getSessionSummary',
    'getStatement',
    'listSessions',
  ],
  setLimit: ['getProtection', 'getSessionSummary', 'getStatement', 'listSessions'],
  confirmLimit: ['getProtection', 'getSessionSummary', 'getStatement', 'listSessions'],
  setRealityCheck: ['getProtection', 'getSessionSummary', 'getStatement', 'listSessions'],
  takeTimeOut: [
    'getPlayerInfo',
    'getPlayerProfile',
    'listPromotions',
    'getProtection',
    'getSessionSummary',
    'getStatement',
    'listSessions',
  ],
  selfExclude: [],
  endSession: ['getProtection', 'getSessionSummary', 'getStatement', 'listSessions'],
  endOtherSessions: ['getProtection', 'getSessionSummary', 'getStatement', 'listSessions'],
};

/** One subscription per query of the contract, with an argument where it takes one. */
const QUERY_ARGS: Record<string, unknown> = {
  getAgencyInfo: undefined,
  getPlayerInfo: undefined,
  getPlayerProfile: undefined,
  getPlayerSession: undefined,
  getPlayerCredit: { game: 'gclub' },
  getPlayerCredits: undefined,
  getPromotionBlocking: undefined,
  getWalletSettings: undefined,
  listBanks: undefined,
  listBankAccounts: undefined,
  listCurrencies: undefined,
  listDeposits: {},
  listOpenDeposits: undefined,
  getDepositQr: { code: 'D2611220001ABCD' },
  listWithdraws: {},
  listOpenWithdraws: undefined,
  getWithdrawPromotionInfo: { provider: 'gclub' },
  listGames: { provider: 'gclub' },
  getPlayerGames: undefined,
  listPromotions: { lang: 'lo' },
  listPromotionBanners: { lang: 'lo' },
  getPromotion: { promotionId: 'welcome-100', lang: 'lo' },
  getCurrentPromotion: { lang: 'lo' },
  listPromotionUsages: { lang: 'lo' },
  getProtection: undefined,
  getSessionSummary: undefined,
  getStatement: { from: '2026-11-01', to: '2026-11-22' },
  listSessions: undefined,
  listPlayerBets: { page: 1, pageSize: 10 },
  getCashback: undefined,
  getCheckIn: undefined,
  getReferral: undefined,
};

const MUTATION_ARGS: Record<string, unknown> = {
  addFavouriteGame: { gameId: 'gclub-roulette' },
  removeFavouriteGame: { gameId: 'gclub-roulette' },
  moveCredit: { 'Idempotency-Key': 'k', moveCreditRequest: { from: 'gclub', to: 'alphabet', credit: 100 } },
  setWalletSettings: { walletSettings: { bringCreditAlong: true } },
  launchGame: { body: { provider: 'gclub', gameId: 'gclub-roulette' } },
  createWithdraw: { body: {}, idempotencyKey: 'k' },
  createDeposit: { body: {}, idempotencyKey: 'k' },
  checkDeposit: { code: 'D2611220001ABCD' },
  cancelDeposit: { code: 'D2611220001ABCD' },
  claimPromotion: { body: { promotionId: 'welcome-100', provider: 'gclub' } },
  cancelPromotionUsage: { body: {} },
  endSession: { sessionId: 'S-4F2A9C1B7D' },
  claimCashback: { paymentId: '3f0a8c1e-5b2d-4c6e-9a7f-1d2e3f4a5b6c' },
  claimReferral: { body: { provider: 'gclub' } },
};

type Endpoints = Record<string, { initiate: (arg: unknown, options?: unknown) => unknown }>;
const endpoints = api.endpoints as unknown as Endpoints;

function isMutation(name: string): boolean {
  return 'useMutation' in (api.endpoints as Record<string, object>)[name]!;
}

describe('cache rules: what each mutation makes stale', () => {
  it('has a row for every mutation and a subscription for every query of the contract', () => {
    const names = Object.keys(api.endpoints);
    expect(names.filter(isMutation).sort()).toEqual(Object.keys(REFETCHED_AFTER).sort());
    expect(names.filter((name) => !isMutation(name)).sort()).toEqual(Object.keys(QUERY_ARGS).sort());
  });

  it.each(Object.entries(REFETCHED_AFTER))(
    '%s refetches what the server changed',
    async (mutation, expected) => {
      const fetched: string[] = [];
      // Every call succeeds with an empty body: this test is about which queries ask again, not what they get.
      server.use(http.all('*', () => HttpResponse.json({})));
      const store = createAppStore();
      const dispatch = store.dispatch as (action: unknown) => { unwrap?: () => Promise<unknown> };
      await Promise.all(
        Object.entries(QUERY_ARGS).map(([name, arg]) =>
          (dispatch(endpoints[name]!.initiate(arg)) as { unwrap: () => Promise<unknown> }).unwrap(),
        ),
      );
      await settle(store);
      const before = fulfilledAt(store);

      await (
        dispatch(endpoints[mutation]!.initiate(MUTATION_ARGS[mutation] ?? {})) as {
          unwrap: () => Promise<unknown>;
        }
      )
        .unwrap()
        .catch(() => undefined);
      await settle(store);

      const after = fulfilledAt(store);
      if (expected === 'reset') {
        expect(Object.keys(after)).toEqual([]);
        return;
      }
      for (const [name, at] of Object.entries(after)) if (at !== before[name]) fetched.push(name);
      expect(fetched.sort()).toEqual([...expected].sort());
    },
  );
});

/** Waits until no query is running, including refetches that start when another one ends. */
async function settle(store: ReturnType<typeof createAppStore>): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
  }
}

function fulfilledAt(store: ReturnType<typeof createAppStore>): Record<string, number | undefined> {
  return Object.fromEntries(
    Object.values(store.getState().api.queries)
      .filter((entry) => entry !== undefined)
      .map((entry) => [entry.endpointName, entry.fulfilledTimeStamp]),
  );
}
