import { browser } from '@/lib/browser';
import { generatedApi, type Provider } from './generated';

/**
 * The one place that decides cache policy (house style 2): which tags each query provides, which tags each
 * mutation invalidates, and the exceptions (credit never cached, agency info never retried).
 * Defaults (fresh 5 minutes, refetch on focus, 3 retries) live on the root api in baseApi.ts.
 */
export const api = generatedApi.enhanceEndpoints({
  endpoints: {
    getAgencyInfo: { providesTags: ['AgencyInfo'], extraOptions: { maxRetries: 0 } },
    saveFingerprint: { invalidatesTags: [] },

    getPlayerInfo: { providesTags: ['PlayerInfo'] },
    getPlayerProfile: { providesTags: ['PlayerInfo'] },
    loginPlayer: { invalidatesTags: ['PlayerInfo'] },
    logoutPlayer: {
      invalidatesTags: [],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // Still signed in: nothing to clear.
        }
        // Drop every cached player datum before the reload so nothing of this player survives in memory.
        dispatch(generatedApi.util.resetApiState());
        browser.reload();
      },
    },
    registerPlayer: { invalidatesTags: [] },
    validateUsername: { invalidatesTags: [] },
    // The server revokes every session; the page reloads after the success dialog.
    changePassword: { invalidatesTags: [] },

    getPlayerCredit: {
      providesTags: (_result, _error, { game }) => [{ type: 'Credit', id: game }],
      keepUnusedDataFor: 0,
      // Credit is money the player is about to spend: every new subscriber fetches it again.
      forceRefetch: () => true,
    },
    getPromotionBlocking: { providesTags: ['PromotionBlocking'] },

    listBanks: { providesTags: ['Bank'] },
    listBankAccounts: { providesTags: ['BankAccount'] },
    addBankAccount: { invalidatesTags: ['BankAccount', 'PlayerInfo'] },
    listCurrencies: { providesTags: ['Currency'] },

    listDeposits: { providesTags: ['Deposit'] },
    createDeposit: { invalidatesTags: ['DepositOpenOrder', 'Deposit'] },
    listOpenDeposits: { providesTags: ['DepositOpenOrder'] },
    getDepositQr: { providesTags: (_result, _error, { code }) => [{ type: 'QrDeposit', id: code }] },
    checkDeposit: {
      invalidatesTags: ['Deposit', 'DepositOpenOrder', 'Credit', 'CurrentPromotion', 'PromotionUsage'],
    },
    cancelDeposit: { invalidatesTags: ['Deposit', 'DepositOpenOrder', 'Credit', 'CurrentPromotion'] },
    receivePaymentCallback: { invalidatesTags: [] },
    // The sandbox bank pays an open order: the player's order and credit change behind their back.
    paySandboxQr: { invalidatesTags: ['Deposit', 'DepositOpenOrder', 'Credit', 'CurrentPromotion'] },

    listWithdraws: { providesTags: ['Withdraw'] },
    createWithdraw: {
      invalidatesTags: [
        'Withdraw',
        'WithdrawOpenOrder',
        'Credit',
        'CurrentPromotion',
        'WithdrawPromotionInfo',
      ],
    },
    listOpenWithdraws: { providesTags: ['WithdrawOpenOrder'] },
    getWithdrawPromotionInfo: {
      providesTags: (_result, _error, { provider }) => [{ type: 'WithdrawPromotionInfo', id: provider }],
    },

    listGames: { providesTags: ['Game'] },
    // Launching may move credit into the game session.
    launchGame: { invalidatesTags: ['Credit'] },

    listPromotions: { providesTags: ['Promotion'] },
    getPromotion: {
      providesTags: (_result, _error, { promotionId }) => [{ type: 'PromotionDetail', id: promotionId }],
    },
    claimPromotion: {
      invalidatesTags: ['CurrentPromotion', 'PromotionUsage', 'Promotion', 'Credit', 'WithdrawPromotionInfo'],
    },
    getCurrentPromotion: { providesTags: ['CurrentPromotion'] },
    recheckPromotionUsage: {
      invalidatesTags: ['CurrentPromotion', 'PromotionUsage', 'Promotion', 'Credit', 'WithdrawPromotionInfo'],
    },
    listPromotionUsages: { providesTags: ['PromotionUsage'] },
    cancelPromotionUsage: {
      invalidatesTags: ['CurrentPromotion', 'PromotionUsage', 'Promotion', 'Credit', 'WithdrawPromotionInfo'],
    },
  },
});

/** Spec section 2: the alphabet and askmebet game lists are never treated as stale. */
const NEVER_STALE_GAME_LISTS: ReadonlySet<Provider> = new Set(['alphabet', 'askmebet']);

/** Subscription options for a provider's games list (useListGamesQuery's second argument). */
export function gameListOptions(provider: Provider) {
  return NEVER_STALE_GAME_LISTS.has(provider)
    ? { refetchOnMountOrArgChange: false, refetchOnFocus: false }
    : {};
}
