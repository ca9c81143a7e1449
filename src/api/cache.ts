import { generatedApi, type addTagTypes, type Provider } from './generated';
import { refetchUnlessSeeded } from './seededAnswers';

type Tag = (typeof addTagTypes)[number];
/** A whole tag, or one entry of it (the player's own games are `{ type: 'Game', id: 'MINE' }`). */
type TagEntry = Tag | { type: Tag; id: string };

/** The player's favourites and recently played: the one Game entry that changes by the player's hand. */
const MY_GAMES = { type: 'Game', id: 'MINE' } as const;

/**
 * What each call of the contract changes on the server, as the cache tags it makes stale (docs/architecture.md, convention 2).
 * Every mutation of the contract is listed: a new one fails tsc until its row is written. Session start and
 * end are not here: they reset the whole cache (app/listeners.ts).
 */
const PAYMENT_CHANGES: readonly Tag[] = [
  'Deposit',
  'DepositOpenOrder',
  'Credit',
  'CurrentPromotion',
  'PromotionUsage',
  'PromotionBlocking',
  'WithdrawPromotionInfo',
];
const PROMOTION_CHANGES: readonly Tag[] = [
  'CurrentPromotion',
  'PromotionUsage',
  'Promotion',
  'PromotionBlocking',
  'Credit',
  'WithdrawPromotionInfo',
];

type MutationName = {
  [K in keyof typeof generatedApi.endpoints]: (typeof generatedApi.endpoints)[K] extends {
    useMutation: unknown;
  }
    ? K
    : never;
}[keyof typeof generatedApi.endpoints];

export const MUTATION_INVALIDATES: Record<MutationName, readonly TagEntry[]> = {
  saveFingerprint: [],
  loginPlayer: ['PlayerInfo'],
  logoutPlayer: [],
  // Registration signs in, as a login does.
  registerPlayer: ['PlayerInfo'],
  validateUsername: [],
  // The server revokes every session; the page reloads after the success dialog.
  changePassword: [],
  addBankAccount: ['BankAccount', 'PlayerInfo'],
  // A new order may take up the claimed promotion (its usage starts with the deposit).
  createDeposit: [
    'Deposit',
    'DepositOpenOrder',
    'CurrentPromotion',
    'PromotionUsage',
    'WithdrawPromotionInfo',
  ],
  checkDeposit: PAYMENT_CHANGES,
  cancelDeposit: PAYMENT_CHANGES,
  // The bank's callback: a payment credits an order, maybe with a bonus.
  receivePaymentCallback: PAYMENT_CHANGES,
  // The sandbox bank pays an open order: the player's order and credit change behind their back.
  paySandboxQr: PAYMENT_CHANGES,
  createWithdraw: [
    'Withdraw',
    'WithdrawOpenOrder',
    'Credit',
    'CurrentPromotion',
    'PromotionUsage',
    'PromotionBlocking',
    'WithdrawPromotionInfo',
  ],
  // Launching records the game as recently played; the credit is read again when the player comes back.
  launchGame: [MY_GAMES],
  addFavouriteGame: [MY_GAMES],
  removeFavouriteGame: [MY_GAMES],
  // Both providers' credit changes, and so does what a promotion lets the player withdraw.
  moveCredit: ['Credit', 'WithdrawPromotionInfo'],
  setWalletSettings: ['WalletSettings'],
  claimPromotion: PROMOTION_CHANGES,
  recheckPromotionUsage: PROMOTION_CHANGES,
  cancelPromotionUsage: PROMOTION_CHANGES,
  // The cashback lands on a provider's credit, and shows in the statement.
  claimCashback: ['Reward', 'Credit', 'WithdrawPromotionInfo', 'Protection'],
  claimCheckIn: ['Reward', 'Credit', 'WithdrawPromotionInfo', 'Protection'],
  claimReferral: ['Reward', 'Credit', 'WithdrawPromotionInfo', 'Protection'],
  setLimit: ['Protection'],
  confirmLimit: ['Protection'],
  setRealityCheck: ['Protection'],
  // The profile carries the restriction; promotions are no longer claimable.
  takeTimeOut: ['Protection', 'PlayerInfo', 'Promotion'],
  // Every session ends, this one too: the app resets the session (app/listeners.ts), which clears the cache.
  selfExclude: [],
  endSession: ['Protection'],
  endOtherSessions: ['Protection'],
};

/**
 * What a pushed order event makes stale (app/orderEvents.ts), by the order's kind: a deposit paid or
 * closed behind the page's back is a payment (as if its Check had answered); a withdrawal's stage moves.
 */
export const ORDER_EVENT_INVALIDATES: Record<'DEPOSIT' | 'WITHDRAW', readonly Tag[]> = {
  DEPOSIT: PAYMENT_CHANGES,
  WITHDRAW: ['Withdraw', 'WithdrawOpenOrder', 'Credit', 'CurrentPromotion', 'PromotionUsage'],
};

/** docs/player-site.md §4: the alphabet and askmebet game lists are never treated as stale. */
const KEPT_LIST = { refetchOnFocus: false, refetchOnReconnect: false } as const;
export const NEVER_STALE_GAME_LISTS: ReadonlySet<Provider> = new Set(['alphabet', 'askmebet']);

// Only a call that succeeded changed anything: a refused one leaves the page (and its error) as it is.
const invalidations = Object.fromEntries(
  Object.entries(MUTATION_INVALIDATES).map(([name, tags]) => [
    name,
    { invalidatesTags: (_result: unknown, error: unknown) => (error ? [] : [...tags]) },
  ]),
) as { [K in MutationName]: { invalidatesTags: (result: unknown, error: unknown) => TagEntry[] } };

/**
 * The one place that decides cache policy: which tags each query provides, which tags each mutation
 * invalidates (the table above), and the exceptions (credit never cached, live withdraw promotion info,
 * agency info never retried, game lists kept). Defaults (fresh 5 minutes, refetch on focus, 3 retries) live
 * on the root api in baseApi.ts.
 */
export const api = generatedApi.enhanceEndpoints({
  endpoints: {
    ...invalidations,
    getAgencyInfo: { providesTags: ['AgencyInfo'], extraOptions: { maxRetries: 0 } },
    getPlayerInfo: { providesTags: ['PlayerInfo'] },
    getPlayerProfile: { providesTags: ['PlayerInfo'] },
    // Read once as a player page starts, outside the cache (sessionBoot.ts): it seeds the three reads above,
    // which carry the tags. Nothing subscribes to it, so nothing must refetch it.
    getPlayerSession: { providesTags: [] },

    getPlayerCredit: {
      providesTags: (_result, _error, { game }) => [{ type: 'Credit', id: game }],
      keepUnusedDataFor: 0,
      // Credit is money the player is about to spend: every new subscriber fetches it again (but the page's
      // hold on the answer it arrived with: seededAnswers.ts).
      forceRefetch: refetchUnlessSeeded('getPlayerCredit'),
      // What may be withdrawn under a promotion follows the credit: never show it older than the credit.
      async onQueryStarted({ game }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        dispatch(generatedApi.util.invalidateTags([{ type: 'WithdrawPromotionInfo', id: game }]));
      },
    },
    // The navbar's total and the drawer's list: one call for the four providers, never cached either.
    getPlayerCredits: {
      providesTags: ['Credit'],
      keepUnusedDataFor: 0,
      forceRefetch: refetchUnlessSeeded('getPlayerCredits'),
    },
    getWithdrawPromotionInfo: {
      providesTags: (_result, _error, { provider }) => [
        { type: 'WithdrawPromotionInfo', id: provider },
        { type: 'Credit', id: provider },
      ],
      keepUnusedDataFor: 0,
      forceRefetch: refetchUnlessSeeded('getWithdrawPromotionInfo'),
    },
    getWalletSettings: { providesTags: ['WalletSettings'] },
    // The player's choice shows at once (a checkbox that waited for the server would not tick); a refused
    // change puts the setting back.
    setWalletSettings: {
      ...invalidations.setWalletSettings,
      async onQueryStarted({ walletSettings }, { dispatch, queryFulfilled }) {
        const shown = dispatch(
          generatedApi.util.updateQueryData('getWalletSettings', undefined, () => walletSettings),
        );
        await queryFulfilled.catch(() => shown.undo());
      },
    },
    getPromotionBlocking: { providesTags: ['PromotionBlocking'] },

    listBanks: { providesTags: ['Bank'] },
    listBankAccounts: { providesTags: ['BankAccount'] },
    listCurrencies: { providesTags: ['Currency'] },

    listDeposits: { providesTags: ['Deposit'] },
    listOpenDeposits: { providesTags: ['DepositOpenOrder'] },
    getDepositQr: { providesTags: (_result, _error, { code }) => [{ type: 'QrDeposit', id: code }] },

    listWithdraws: { providesTags: ['Withdraw'] },
    listOpenWithdraws: { providesTags: ['WithdrawOpenOrder'] },

    listGames: {
      providesTags: [{ type: 'Game', id: 'LIST' }],
      // Kept for the whole visit: a subscription that is never released holds the list in the cache.
      onCacheEntryAdded(arg, { dispatch }) {
        if (!arg.provider || !NEVER_STALE_GAME_LISTS.has(arg.provider)) return;
        dispatch(generatedApi.endpoints.listGames.initiate(arg, { subscriptionOptions: KEPT_LIST }));
      },
    },

    getPlayerGames: { providesTags: [MY_GAMES] },

    listPromotions: { providesTags: ['Promotion'] },
    // The promotions in force, as a visitor sees them: nothing a player does changes them.
    listPromotionBanners: { providesTags: [] },
    getPromotion: {
      providesTags: (_result, _error, { promotionId }) => [{ type: 'PromotionDetail', id: promotionId }],
    },
    getCurrentPromotion: { providesTags: ['CurrentPromotion'] },
    listPromotionUsages: { providesTags: ['PromotionUsage'] },

    getProtection: { providesTags: ['Protection'] },
    // The reality check reads the session as it is at that moment: never from the cache.
    getSessionSummary: {
      providesTags: ['Protection'],
      keepUnusedDataFor: 0,
      forceRefetch: refetchUnlessSeeded('getSessionSummary'),
    },
    getStatement: { providesTags: ['Protection'] },
    // Rounds are booked while the player is in a game, behind the site's back: read afresh on each visit.
    listPlayerBets: { providesTags: ['Bet'], keepUnusedDataFor: 0 },
    // Game results move the running figures: read again whenever the Rewards page opens (RewardsPage).
    getCashback: { providesTags: ['Reward'] },
    getCheckIn: { providesTags: ['Reward'] },
    getReferral: { providesTags: ['Reward'] },
    listSessions: { providesTags: ['Protection'] },
  },
});

/** Subscription options for a provider's games list (useListGamesQuery's second argument). */
export function gameListOptions(provider: Provider | undefined) {
  return provider && NEVER_STALE_GAME_LISTS.has(provider)
    ? { refetchOnMountOrArgChange: false, refetchOnFocus: false }
    : {};
}
