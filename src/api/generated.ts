import { baseApi as api } from './baseApi';
export const addTagTypes = [
  'AgencyInfo',
  'Fingerprint',
  'PlayerInfo',
  'Credit',
  'WalletSettings',
  'PromotionBlocking',
  'Bank',
  'BankAccount',
  'Currency',
  'Deposit',
  'DepositOpenOrder',
  'QrDeposit',
  'Payment',
  'Sandbox',
  'Withdraw',
  'WithdrawOpenOrder',
  'WithdrawPromotionInfo',
  'Game',
  'Promotion',
  'PromotionDetail',
  'CurrentPromotion',
  'PromotionUsage',
  'Protection',
  'Bet',
  'Reward',
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getAgencyInfo: build.query<GetAgencyInfoApiResponse, GetAgencyInfoApiArg>({
        query: () => ({ url: `/v2/agency/info` }),
        providesTags: ['AgencyInfo'],
      }),
      saveFingerprint: build.mutation<SaveFingerprintApiResponse, SaveFingerprintApiArg>({
        query: (queryArg) => ({
          url: `/v2/fingerprint`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['Fingerprint'],
      }),
      getPlayerInfo: build.query<GetPlayerInfoApiResponse, GetPlayerInfoApiArg>({
        query: () => ({ url: `/v2/players/info` }),
        providesTags: ['PlayerInfo'],
      }),
      getPlayerProfile: build.query<GetPlayerProfileApiResponse, GetPlayerProfileApiArg>({
        query: () => ({ url: `/v2/players/profile` }),
        providesTags: ['PlayerInfo'],
      }),
      getPlayerSession: build.query<GetPlayerSessionApiResponse, GetPlayerSessionApiArg>({
        query: () => ({ url: `/v2/players/session` }),
        providesTags: ['PlayerInfo'],
      }),
      loginPlayer: build.mutation<LoginPlayerApiResponse, LoginPlayerApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/login`,
          method: 'POST',
          body: queryArg.loginRequest,
        }),
        invalidatesTags: ['PlayerInfo'],
      }),
      logoutPlayer: build.mutation<LogoutPlayerApiResponse, LogoutPlayerApiArg>({
        query: () => ({ url: `/v2/players/logout`, method: 'POST' }),
        invalidatesTags: ['PlayerInfo'],
      }),
      registerPlayer: build.mutation<RegisterPlayerApiResponse, RegisterPlayerApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/register`,
          method: 'POST',
          body: queryArg.registerRequest,
          headers: {
            'X-Fingerprint': queryArg['X-Fingerprint'],
          },
        }),
        invalidatesTags: ['PlayerInfo'],
      }),
      validateUsername: build.mutation<ValidateUsernameApiResponse, ValidateUsernameApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/username/validate`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['PlayerInfo'],
      }),
      changePassword: build.mutation<ChangePasswordApiResponse, ChangePasswordApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/security/password/change`,
          method: 'POST',
          body: queryArg.changePasswordRequest,
        }),
        invalidatesTags: ['PlayerInfo'],
      }),
      getPlayerCredit: build.query<GetPlayerCreditApiResponse, GetPlayerCreditApiArg>({
        query: (queryArg) => ({ url: `/v2/players/credits/${queryArg.game}` }),
        providesTags: ['Credit'],
      }),
      getPlayerCredits: build.query<GetPlayerCreditsApiResponse, GetPlayerCreditsApiArg>({
        query: () => ({ url: `/v2/players/credits` }),
        providesTags: ['Credit'],
      }),
      moveCredit: build.mutation<MoveCreditApiResponse, MoveCreditApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/credits/move`,
          method: 'POST',
          body: queryArg.moveCreditRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Credit'],
      }),
      getWalletSettings: build.query<GetWalletSettingsApiResponse, GetWalletSettingsApiArg>({
        query: () => ({ url: `/v2/players/wallet-settings` }),
        providesTags: ['WalletSettings'],
      }),
      setWalletSettings: build.mutation<SetWalletSettingsApiResponse, SetWalletSettingsApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/wallet-settings`,
          method: 'PUT',
          body: queryArg.walletSettings,
        }),
        invalidatesTags: ['WalletSettings'],
      }),
      getPromotionBlocking: build.query<GetPromotionBlockingApiResponse, GetPromotionBlockingApiArg>({
        query: () => ({ url: `/v2/players/backlist` }),
        providesTags: ['PromotionBlocking'],
      }),
      listBanks: build.query<ListBanksApiResponse, ListBanksApiArg>({
        query: () => ({ url: `/v2/banks` }),
        providesTags: ['Bank'],
      }),
      listBankAccounts: build.query<ListBankAccountsApiResponse, ListBankAccountsApiArg>({
        query: () => ({ url: `/v2/players/bank-accounts` }),
        providesTags: ['BankAccount'],
      }),
      addBankAccount: build.mutation<AddBankAccountApiResponse, AddBankAccountApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/bank-accounts`,
          method: 'POST',
          body: queryArg.addBankAccountRequest,
        }),
        invalidatesTags: ['BankAccount'],
      }),
      listCurrencies: build.query<ListCurrenciesApiResponse, ListCurrenciesApiArg>({
        query: () => ({ url: `/v2/currencies` }),
        providesTags: ['Currency'],
      }),
      listDeposits: build.query<ListDepositsApiResponse, ListDepositsApiArg>({
        query: (queryArg) => ({
          url: `/v2/deposits`,
          params: {
            page: queryArg.page,
            pageSize: queryArg.pageSize,
          },
        }),
        providesTags: ['Deposit'],
      }),
      createDeposit: build.mutation<CreateDepositApiResponse, CreateDepositApiArg>({
        query: (queryArg) => ({
          url: `/v2/deposits`,
          method: 'POST',
          body: queryArg.createDepositRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Deposit'],
      }),
      listOpenDeposits: build.query<ListOpenDepositsApiResponse, ListOpenDepositsApiArg>({
        query: () => ({ url: `/v2/deposits/open` }),
        providesTags: ['DepositOpenOrder'],
      }),
      getDepositQr: build.query<GetDepositQrApiResponse, GetDepositQrApiArg>({
        query: (queryArg) => ({ url: `/v2/deposits/${queryArg.code}/qr` }),
        providesTags: ['QrDeposit'],
      }),
      checkDeposit: build.mutation<CheckDepositApiResponse, CheckDepositApiArg>({
        query: (queryArg) => ({
          url: `/v2/deposits/${queryArg.code}/check`,
          method: 'POST',
        }),
        invalidatesTags: ['Deposit'],
      }),
      cancelDeposit: build.mutation<CancelDepositApiResponse, CancelDepositApiArg>({
        query: (queryArg) => ({
          url: `/v2/deposits/${queryArg.code}/cancel`,
          method: 'POST',
        }),
        invalidatesTags: ['Deposit'],
      }),
      receivePaymentCallback: build.mutation<ReceivePaymentCallbackApiResponse, ReceivePaymentCallbackApiArg>(
        {
          query: (queryArg) => ({
            url: `/v2/payments/callback`,
            method: 'POST',
            body: queryArg.paymentCallback,
            headers: {
              'X-Signature': queryArg['X-Signature'],
            },
          }),
          invalidatesTags: ['Payment'],
        },
      ),
      paySandboxQr: build.mutation<PaySandboxQrApiResponse, PaySandboxQrApiArg>({
        query: (queryArg) => ({
          url: `/v2/sandbox/bank/pay`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['Sandbox'],
      }),
      listWithdraws: build.query<ListWithdrawsApiResponse, ListWithdrawsApiArg>({
        query: (queryArg) => ({
          url: `/v2/withdraws`,
          params: {
            page: queryArg.page,
            pageSize: queryArg.pageSize,
          },
        }),
        providesTags: ['Withdraw'],
      }),
      createWithdraw: build.mutation<CreateWithdrawApiResponse, CreateWithdrawApiArg>({
        query: (queryArg) => ({
          url: `/v2/withdraws`,
          method: 'POST',
          body: queryArg.createWithdrawRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Withdraw'],
      }),
      listOpenWithdraws: build.query<ListOpenWithdrawsApiResponse, ListOpenWithdrawsApiArg>({
        query: () => ({ url: `/v2/withdraws/open` }),
        providesTags: ['WithdrawOpenOrder'],
      }),
      getWithdrawPromotionInfo: build.query<
        GetWithdrawPromotionInfoApiResponse,
        GetWithdrawPromotionInfoApiArg
      >({
        query: (queryArg) => ({
          url: `/v2/withdraws/promotion-info`,
          params: {
            provider: queryArg.provider,
          },
        }),
        providesTags: ['WithdrawPromotionInfo'],
      }),
      listGames: build.query<ListGamesApiResponse, ListGamesApiArg>({
        query: (queryArg) => ({
          url: `/v2/games`,
          params: {
            provider: queryArg.provider,
            category: queryArg.category,
          },
        }),
        providesTags: ['Game'],
      }),
      getPlayerGames: build.query<GetPlayerGamesApiResponse, GetPlayerGamesApiArg>({
        query: () => ({ url: `/v2/games/mine` }),
        providesTags: ['Game'],
      }),
      addFavouriteGame: build.mutation<AddFavouriteGameApiResponse, AddFavouriteGameApiArg>({
        query: (queryArg) => ({
          url: `/v2/games/favourites/${queryArg.gameId}`,
          method: 'PUT',
        }),
        invalidatesTags: ['Game'],
      }),
      removeFavouriteGame: build.mutation<RemoveFavouriteGameApiResponse, RemoveFavouriteGameApiArg>({
        query: (queryArg) => ({
          url: `/v2/games/favourites/${queryArg.gameId}`,
          method: 'DELETE',
        }),
        invalidatesTags: ['Game'],
      }),
      launchGame: build.mutation<LaunchGameApiResponse, LaunchGameApiArg>({
        query: (queryArg) => ({
          url: `/v2/games/launch`,
          method: 'POST',
          body: queryArg.launchGameRequest,
        }),
        invalidatesTags: ['Game'],
      }),
      listPromotions: build.query<ListPromotionsApiResponse, ListPromotionsApiArg>({
        query: (queryArg) => ({
          url: `/v2/promotions`,
          params: {
            lang: queryArg.lang,
          },
        }),
        providesTags: ['Promotion'],
      }),
      listPromotionBanners: build.query<ListPromotionBannersApiResponse, ListPromotionBannersApiArg>({
        query: (queryArg) => ({
          url: `/v2/promotions/banners`,
          params: {
            lang: queryArg.lang,
          },
        }),
        providesTags: ['Promotion'],
      }),
      getPromotion: build.query<GetPromotionApiResponse, GetPromotionApiArg>({
        query: (queryArg) => ({
          url: `/v2/promotions/${queryArg.promotionId}`,
          params: {
            lang: queryArg.lang,
          },
        }),
        providesTags: ['PromotionDetail'],
      }),
      claimPromotion: build.mutation<ClaimPromotionApiResponse, ClaimPromotionApiArg>({
        query: (queryArg) => ({
          url: `/v2/promotions/use`,
          method: 'POST',
          body: queryArg.usePromotionRequest,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Promotion'],
      }),
      getCurrentPromotion: build.query<GetCurrentPromotionApiResponse, GetCurrentPromotionApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/promotions/using`,
          params: {
            lang: queryArg.lang,
          },
        }),
        providesTags: ['CurrentPromotion'],
      }),
      recheckPromotionUsage: build.mutation<RecheckPromotionUsageApiResponse, RecheckPromotionUsageApiArg>({
        query: () => ({ url: `/v2/promotions/usages/recheck`, method: 'POST' }),
        invalidatesTags: ['PromotionUsage'],
      }),
      listPromotionUsages: build.query<ListPromotionUsagesApiResponse, ListPromotionUsagesApiArg>({
        query: (queryArg) => ({
          url: `/v2/promotions/usages`,
          params: {
            lang: queryArg.lang,
            page: queryArg.page,
            pageSize: queryArg.pageSize,
          },
        }),
        providesTags: ['PromotionUsage'],
      }),
      cancelPromotionUsage: build.mutation<CancelPromotionUsageApiResponse, CancelPromotionUsageApiArg>({
        query: (queryArg) => ({
          url: `/v2/promotions/usages/cancel`,
          method: 'POST',
          body: queryArg.body,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['PromotionUsage'],
      }),
      getProtection: build.query<GetProtectionApiResponse, GetProtectionApiArg>({
        query: () => ({ url: `/v2/players/protection` }),
        providesTags: ['Protection'],
      }),
      setLimit: build.mutation<SetLimitApiResponse, SetLimitApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/protection/limits`,
          method: 'PUT',
          body: queryArg.setLimitRequest,
        }),
        invalidatesTags: ['Protection'],
      }),
      confirmLimit: build.mutation<ConfirmLimitApiResponse, ConfirmLimitApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/protection/limits/confirm`,
          method: 'POST',
          body: queryArg.limitKey,
        }),
        invalidatesTags: ['Protection'],
      }),
      setRealityCheck: build.mutation<SetRealityCheckApiResponse, SetRealityCheckApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/protection/reality-check`,
          method: 'PUT',
          body: queryArg.body,
        }),
        invalidatesTags: ['Protection'],
      }),
      takeTimeOut: build.mutation<TakeTimeOutApiResponse, TakeTimeOutApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/protection/time-out`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['Protection'],
      }),
      selfExclude: build.mutation<SelfExcludeApiResponse, SelfExcludeApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/protection/self-exclusion`,
          method: 'POST',
          body: queryArg.body,
        }),
        invalidatesTags: ['Protection'],
      }),
      getSessionSummary: build.query<GetSessionSummaryApiResponse, GetSessionSummaryApiArg>({
        query: () => ({ url: `/v2/players/protection/session` }),
        providesTags: ['Protection'],
      }),
      listPlayerBets: build.query<ListPlayerBetsApiResponse, ListPlayerBetsApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/bets`,
          params: {
            page: queryArg.page,
            pageSize: queryArg.pageSize,
          },
        }),
        providesTags: ['Bet'],
      }),
      getStatement: build.query<GetStatementApiResponse, GetStatementApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/statement`,
          params: {
            from: queryArg['from'],
            to: queryArg.to,
          },
        }),
        providesTags: ['Protection'],
      }),
      getCashback: build.query<GetCashbackApiResponse, GetCashbackApiArg>({
        query: () => ({ url: `/v2/rewards/cashback` }),
        providesTags: ['Reward'],
      }),
      claimCashback: build.mutation<ClaimCashbackApiResponse, ClaimCashbackApiArg>({
        query: (queryArg) => ({
          url: `/v2/rewards/cashback/${queryArg.paymentId}/claim`,
          method: 'POST',
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Reward'],
      }),
      getCheckIn: build.query<GetCheckInApiResponse, GetCheckInApiArg>({
        query: () => ({ url: `/v2/rewards/check-in` }),
        providesTags: ['Reward'],
      }),
      claimCheckIn: build.mutation<ClaimCheckInApiResponse, ClaimCheckInApiArg>({
        query: (queryArg) => ({
          url: `/v2/rewards/check-in`,
          method: 'POST',
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Reward'],
      }),
      getReferral: build.query<GetReferralApiResponse, GetReferralApiArg>({
        query: () => ({ url: `/v2/rewards/referral` }),
        providesTags: ['Reward'],
      }),
      claimReferral: build.mutation<ClaimReferralApiResponse, ClaimReferralApiArg>({
        query: (queryArg) => ({
          url: `/v2/rewards/referral/claim`,
          method: 'POST',
          body: queryArg.body,
          headers: {
            'Idempotency-Key': queryArg['Idempotency-Key'],
          },
        }),
        invalidatesTags: ['Reward'],
      }),
      listSessions: build.query<ListSessionsApiResponse, ListSessionsApiArg>({
        query: () => ({ url: `/v2/players/sessions` }),
        providesTags: ['Protection'],
      }),
      endSession: build.mutation<EndSessionApiResponse, EndSessionApiArg>({
        query: (queryArg) => ({
          url: `/v2/players/sessions/${queryArg.sessionId}`,
          method: 'DELETE',
        }),
        invalidatesTags: ['Protection'],
      }),
      endOtherSessions: build.mutation<EndOtherSessionsApiResponse, EndOtherSessionsApiArg>({
        query: () => ({
          url: `/v2/players/sessions/end-others`,
          method: 'POST',
        }),
        invalidatesTags: ['Protection'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type GetAgencyInfoApiResponse = /** status 200 The agency */ AgencyInfoResponse;
export type GetAgencyInfoApiArg = void;
export type SaveFingerprintApiResponse = /** status 200 Stored */ OkResponse;
export type SaveFingerprintApiArg = {
  body: {
    fingerprint: Fingerprint;
  };
};
export type GetPlayerInfoApiResponse = /** status 200 The player */ PlayerInfoResponse;
export type GetPlayerInfoApiArg = void;
export type GetPlayerProfileApiResponse = /** status 200 The player */ PlayerProfileResponse;
export type GetPlayerProfileApiArg = void;
export type GetPlayerSessionApiResponse =
  /** status 200 The player, the profile and the credits */ PlayerSessionResponse;
export type GetPlayerSessionApiArg = void;
export type LoginPlayerApiResponse =
  /** status 200 Signed in; the session cookie is set */ PlayerProfileResponse;
export type LoginPlayerApiArg = {
  loginRequest: LoginRequest;
};
export type LogoutPlayerApiResponse = /** status 200 Signed out */ OkResponse;
export type LogoutPlayerApiArg = void;
export type RegisterPlayerApiResponse =
  /** status 201 Registered and signed in; the session cookie is set */ PlayerProfileResponse;
export type RegisterPlayerApiArg = {
  /** The device fingerprint visitor id, also sent in the body. */
  'X-Fingerprint'?: string;
  registerRequest: RegisterRequest;
};
export type ValidateUsernameApiResponse =
  /** status 200 Whether the username can be registered */ UsernameValidation;
export type ValidateUsernameApiArg = {
  body: {
    username: string;
  };
};
export type ChangePasswordApiResponse = /** status 200 Changed; the player must log in again */ OkResponse;
export type ChangePasswordApiArg = {
  changePasswordRequest: ChangePasswordRequest;
};
export type GetPlayerCreditApiResponse = /** status 200 The credit */ CreditResponse;
export type GetPlayerCreditApiArg = {
  game: Provider;
};
export type GetPlayerCreditsApiResponse =
  /** status 200 Credit per provider, in the order of the player menu */ CreditsResponse;
export type GetPlayerCreditsApiArg = void;
export type MoveCreditApiResponse =
  /** status 200 Moved; both credits as the player now has them */ MoveCreditResponse;
export type MoveCreditApiArg = {
  /** A unique key per intended operation (8 to 64 characters of letters, digits, '-' and '_'). */
  'Idempotency-Key': string;
  moveCreditRequest: MoveCreditRequest;
};
export type GetWalletSettingsApiResponse = /** status 200 The player's wallet settings */ WalletSettings;
export type GetWalletSettingsApiArg = void;
export type SetWalletSettingsApiResponse = /** status 200 The settings now in force */ WalletSettings;
export type SetWalletSettingsApiArg = {
  walletSettings: WalletSettings;
};
export type GetPromotionBlockingApiResponse = /** status 200 The blocking state */ BlockingResponse;
export type GetPromotionBlockingApiArg = void;
export type ListBanksApiResponse = /** status 200 The banks */ BankListResponse;
export type ListBanksApiArg = void;
export type ListBankAccountsApiResponse =
  /** status 200 The accounts (at most one) */ BankAccountListResponse;
export type ListBankAccountsApiArg = void;
export type AddBankAccountApiResponse = /** status 201 Added */ BankAccountResponse;
export type AddBankAccountApiArg = {
  addBankAccountRequest: AddBankAccountRequest;
};
export type ListCurrenciesApiResponse = /** status 200 Enabled entries, unique by mid */ CurrencyListResponse;
export type ListCurrenciesApiArg = void;
export type ListDepositsApiResponse = /** status 200 A page of deposit orders */ OrderPage;
export type ListDepositsApiArg = {
  page?: number;
  pageSize?: number;
};
export type CreateDepositApiResponse = /** status 201 The open order and its QR */ DepositWithQrResponse;
export type CreateDepositApiArg = {
  /** A unique key per intended operation (8 to 64 characters of letters, digits, '-' and '_'). */
  'Idempotency-Key': string;
  createDepositRequest: CreateDepositRequest;
};
export type ListOpenDepositsApiResponse = /** status 200 Open orders (at most one) */ OrderListResponse;
export type ListOpenDepositsApiArg = void;
export type GetDepositQrApiResponse = /** status 200 The QR payload */ DepositQr;
export type GetDepositQrApiArg = {
  code: string;
};
export type CheckDepositApiResponse =
  /** status 200 The order after the check (SUCCESS once credited) */ OrderResponse;
export type CheckDepositApiArg = {
  code: string;
};
export type CancelDepositApiResponse = /** status 200 The cancelled order */ OrderResponse;
export type CancelDepositApiArg = {
  code: string;
};
export type ReceivePaymentCallbackApiResponse =
  /** status 200 Accepted (also for a repeated delivery) */ OkResponse;
export type ReceivePaymentCallbackApiArg = {
  'X-Signature': string;
  paymentCallback: PaymentCallback;
};
export type PaySandboxQrApiResponse = /** status 200 Paid; the bank has sent its callback */ SandboxPayment;
export type PaySandboxQrApiArg = {
  body: {
    qrText: string;
  };
};
export type ListWithdrawsApiResponse = /** status 200 A page of withdraw orders */ OrderPage;
export type ListWithdrawsApiArg = {
  page?: number;
  pageSize?: number;
};
export type CreateWithdrawApiResponse =
  /** status 201 The open withdraw order; the credit is held */ OrderResponse;
export type CreateWithdrawApiArg = {
  /** A unique key per intended operation (8 to 64 characters of letters, digits, '-' and '_'). */
  'Idempotency-Key': string;
  createWithdrawRequest: CreateWithdrawRequest;
};
export type ListOpenWithdrawsApiResponse = /** status 200 Open orders */ OrderListResponse;
export type ListOpenWithdrawsApiArg = void;
export type GetWithdrawPromotionInfoApiResponse =
  /** status 200 Credit amounts in THB satang; all zero without a promotion in use */ WithdrawPromotionInfo;
export type GetWithdrawPromotionInfoApiArg = {
  provider: Provider;
};
export type ListGamesApiResponse = /** status 200 The games */ GameListResponse;
export type ListGamesApiArg = {
  provider?: Provider;
  category?: GameCategory;
};
export type GetPlayerGamesApiResponse =
  /** status 200 Favourites (newest first) and the last games launched (newest first, at most 12) */ PlayerGamesResponse;
export type GetPlayerGamesApiArg = void;
export type AddFavouriteGameApiResponse = /** status 200 It is a favourite */ OkResponse;
export type AddFavouriteGameApiArg = {
  gameId: GameIdValue;
};
export type RemoveFavouriteGameApiResponse = /** status 200 It is not a favourite */ OkResponse;
export type RemoveFavouriteGameApiArg = {
  gameId: GameIdValue;
};
export type LaunchGameApiResponse = /** status 200 Where to open the game */ LaunchGameResponse;
export type LaunchGameApiArg = {
  launchGameRequest: LaunchGameRequest;
};
export type ListPromotionsApiResponse = /** status 200 The promotions */ PromotionListResponse;
export type ListPromotionsApiArg = {
  /** The language of the promotion texts (Lao when absent or when a text lacks that language). */
  lang?: Language;
};
export type ListPromotionBannersApiResponse = /** status 200 The promotions on offer */ PromotionListResponse;
export type ListPromotionBannersApiArg = {
  /** The language of the promotion texts (Lao when absent or when a text lacks that language). */
  lang?: Language;
};
export type GetPromotionApiResponse = /** status 200 The promotion */ PromotionResponse;
export type GetPromotionApiArg = {
  /** The language of the promotion texts (Lao when absent or when a text lacks that language). */
  lang?: Language;
  promotionId: string;
};
export type ClaimPromotionApiResponse = /** status 200 The promotion is now in use */ PromotionUsageResponse;
export type ClaimPromotionApiArg = {
  /** Optional here: with a key, a retry replays the first response (422 for another payload, 409 while
    the first still runs); without one, a repeat is refused by the promotion's own state.
     */
  'Idempotency-Key'?: string;
  usePromotionRequest: UsePromotionRequest;
};
export type GetCurrentPromotionApiResponse = /** status 200 The usage in force, or null */ {
  usage: PromotionUsage | null;
};
export type GetCurrentPromotionApiArg = {
  /** The language of the promotion texts (Lao when absent or when a text lacks that language). */
  lang?: Language;
};
export type RecheckPromotionUsageApiResponse = /** status 200 The usage after the recheck, or null */ {
  usage: PromotionUsage | null;
};
export type RecheckPromotionUsageApiArg = void;
export type ListPromotionUsagesApiResponse = /** status 200 A page of usages */ PromotionUsagePage;
export type ListPromotionUsagesApiArg = {
  /** The language of the promotion texts (Lao when absent or when a text lacks that language). */
  lang?: Language;
  page?: number;
  pageSize?: number;
};
export type CancelPromotionUsageApiResponse = /** status 200 The cancelled usage */ PromotionUsageResponse;
export type CancelPromotionUsageApiArg = {
  /** Optional here: with a key, a retry replays the first response (422 for another payload, 409 while
    the first still runs); without one, a repeat is refused by the promotion's own state.
     */
  'Idempotency-Key'?: string;
  body: {
    usageId: string;
  };
};
export type GetProtectionApiResponse = /** status 200 The player's protection settings */ Protection;
export type GetProtectionApiArg = void;
export type SetLimitApiResponse = /** status 200 The limit after the change */ SetLimitResponse;
export type SetLimitApiArg = {
  setLimitRequest: SetLimitRequest;
};
export type ConfirmLimitApiResponse = /** status 200 The limit now in force */ LimitResponse;
export type ConfirmLimitApiArg = {
  limitKey: LimitKey;
};
export type SetRealityCheckApiResponse = /** status 200 The interval now set */ {
  realityCheckMinutes: number | null;
};
export type SetRealityCheckApiArg = {
  body: {
    minutes: (15 | 30 | 45 | 60 | 90 | 120) | null;
  };
};
export type TakeTimeOutApiResponse = /** status 200 The time-out in force */ ExclusionResponse;
export type TakeTimeOutApiArg = {
  body: {
    days: number;
  };
};
export type SelfExcludeApiResponse = /** status 200 The self-exclusion in force */ ExclusionResponse;
export type SelfExcludeApiArg = {
  body: {
    months: 6 | 12 | 24 | 60;
  };
};
export type GetSessionSummaryApiResponse = /** status 200 The session so far */ SessionSummary;
export type GetSessionSummaryApiArg = void;
export type ListPlayerBetsApiResponse = /** status 200 A page of rounds */ BetRoundPage;
export type ListPlayerBetsApiArg = {
  page?: number;
  pageSize?: number;
};
export type GetStatementApiResponse = /** status 200 The statement */ Statement;
export type GetStatementApiArg = {
  from: string;
  /** The last day included. */
  to: string;
};
export type GetCashbackApiResponse = /** status 200 Loss cashback */ CashbackOverview;
export type GetCashbackApiArg = void;
export type ClaimCashbackApiResponse = /** status 200 The cashback is credited */ CashbackPaymentResponse;
export type ClaimCashbackApiArg = {
  /** Optional here: with a key, a retry replays the first response (422 for another payload, 409 while
    the first still runs); without one, a repeat is refused by the promotion's own state.
     */
  'Idempotency-Key'?: string;
  paymentId: string;
};
export type GetCheckInApiResponse = /** status 200 The check-in */ CheckInOverview;
export type GetCheckInApiArg = void;
export type ClaimCheckInApiResponse =
  /** status 200 The day is checked in and its reward credited */ CheckInResponse;
export type ClaimCheckInApiArg = {
  /** Optional here: with a key, a retry replays the first response (422 for another payload, 409 while
    the first still runs); without one, a repeat is refused by the promotion's own state.
     */
  'Idempotency-Key'?: string;
};
export type GetReferralApiResponse =
  /** status 200 The referral programme as the player sees it */ ReferralOverview;
export type GetReferralApiArg = void;
export type ClaimReferralApiResponse = /** status 200 The commission is credited */ {
  claim: {
    /** Satang. */
    amount: number;
    provider: Provider;
    /** Satang. */
    turnoverRequired: number;
  };
};
export type ClaimReferralApiArg = {
  /** Optional here: with a key, a retry replays the first response (422 for another payload, 409 while
    the first still runs); without one, a repeat is refused by the promotion's own state.
     */
  'Idempotency-Key'?: string;
  body: {
    provider: Provider;
  };
};
export type ListSessionsApiResponse = /** status 200 The sessions */ SessionList;
export type ListSessionsApiArg = void;
export type EndSessionApiResponse = /** status 200 The session has ended */ OkResponse;
export type EndSessionApiArg = {
  sessionId: string;
};
export type EndOtherSessionsApiResponse = /** status 200 How many sessions ended */ {
  ended: number;
};
export type EndOtherSessionsApiArg = void;
export type Range = {
  min: number;
  max: number;
};
export type MoneyRange = {
  /** Minor units */
  min: number;
  /** Minor units */
  max: number;
  currency: 'LAK' | 'THB' | 'USD';
};
export type AgencyInfoResponse = {
  agency: {
    id: string;
    name: string;
    currency: 'LAK' | 'THB' | 'USD';
    social: {
      telegram: string;
      whatsapp: string;
      facebook: string;
      twitter: string;
      line: string;
    };
    limits: {
      username: Range;
      password: Range;
      deposit: MoneyRange;
      withdraw: MoneyRange;
    };
    /** True when the sandbox bank and sandbox providers are enabled. */
    sandbox: boolean;
  };
};
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN_ORIGIN'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_FOUND'
  | 'TOO_MANY_ATTEMPTS'
  | 'INTERNAL_ERROR'
  | 'AGENCY_NOT_FOUND'
  | 'LOGIN_FAILED'
  | 'USERNAME_TAKEN'
  | 'USERNAME_INVALID'
  | 'PASSWORD_INCORRECT'
  | 'PASSWORD_MISMATCH'
  | 'PLAYER_BLOCKED'
  | 'ACCOUNT_NOT_FOUND'
  | 'ACCOUNT_IN_USED'
  | 'BANK_ACCOUNT_EXISTS'
  | 'BANK_ACCOUNT_LIMIT'
  | 'BANK_ACCOUNT_REQUIRED'
  | 'BANK_ACCOUNT_NUMBER_INVALID'
  | 'WALLET_ACCOUNT_NOT_ALLOWED'
  | 'CURRENCY_NOT_ALLOWED'
  | 'PAYMENT_METHOD_NOT_FOUND'
  | 'AMOUNT_OUT_OF_RANGE'
  | 'OPEN_ORDER'
  | 'ORDER_NOT_FOUND'
  | 'ORDER_CLOSED'
  | 'ORDER_EXPIRED'
  | 'DEPOSIT_NOT_PAID'
  | 'CREDIT_NOT_ENOUGH'
  | 'WITHDRAW_REJECTED'
  | 'WITHDRAW_NOT_ALLOWED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_IN_PROGRESS'
  | 'INVALID_SIGNATURE'
  | 'SANDBOX_DISABLED'
  | 'QR_INVALID'
  | 'PROVIDER_UNAVAILABLE'
  | 'GAME_NOT_FOUND'
  | 'GAME_DISABLED'
  | 'CREDIT_EMPTY'
  | 'GAME_ROUND_OPEN'
  | 'PROMOTION_BINDS_CREDIT'
  | 'TRANSFER_PENDING'
  | 'SAME_PROVIDER'
  | 'LAUNCH_TOKEN_INVALID'
  | 'LAUNCH_TOKEN_EXPIRED'
  | 'STUDIO_SESSION_INVALID'
  | 'ROUND_NOT_FOUND'
  | 'PROMOTION_NOT_FOUND'
  | 'PROMOTION_BLOCKED'
  | 'PROMOTION_ONLY_FOR_FIRST_ORDER'
  | 'CANNOT_USE_PROMOTION_WHILE_ORDER_IS_OPEN'
  | 'PROMOTION_ALREADY_USED'
  | 'PROMOTION_USAGE'
  | 'PROMOTION_INACTIVE'
  | 'PROMOTION_CREDIT_USED'
  | 'PROMOTION_AMOUNT_MISMATCH'
  | 'PROMOTION_WITHDRAW_ALL'
  | 'PROMOTION_PROVIDER_USED'
  | 'PROMOTION_NOT_USABLE'
  | 'PROMOTION_IN_USE'
  | 'PROMOTION_TURNOVER_NOT_MET'
  | 'PROMOTION_MIN_CREDIT'
  | 'DEPOSIT_LIMIT_EXCEEDED'
  | 'LOSS_LIMIT_EXCEEDED'
  | 'PLAYER_TIMED_OUT'
  | 'PLAYER_SELF_EXCLUDED'
  | 'PLAY_TIME_LIMIT_REACHED'
  | 'LIMIT_CHANGE_NOT_PENDING'
  | 'LIMIT_CHANGE_TOO_EARLY'
  | 'LIMIT_CHANGE_LAPSED'
  | 'EXCLUSION_NOT_SHORTENED'
  | 'SESSION_NOT_FOUND'
  | 'REWARD_NOT_FOUND'
  | 'REWARD_NOT_CLAIMABLE'
  | 'REWARD_TURNOVER_NOT_MET'
  | 'CHECK_IN_NOT_QUALIFIED'
  | 'CHECK_IN_ALREADY_CLAIMED'
  | 'CHECK_IN_WITHDRAWAL_OPEN'
  | 'WALLET_SIGNATURE_INVALID'
  | 'WALLET_TIMESTAMP_STALE'
  | 'WALLET_SIGNATURE_REPLAYED'
  | 'WALLET_NOT_SEAMLESS'
  | 'WALLET_PLAYER_UNKNOWN'
  | 'WALLET_GAME_UNKNOWN'
  | 'WALLET_CURRENCY_MISMATCH'
  | 'WALLET_INSUFFICIENT_FUNDS'
  | 'WALLET_TRANSACTION_CONFLICT'
  | 'WALLET_ROUND_MISMATCH'
  | 'WALLET_ROUND_ENDED'
  | 'WALLET_ROUND_NOT_FOUND'
  | 'WALLET_BET_NOT_FOUND'
  | 'WALLET_BET_ROLLED_BACK'
  | 'WALLET_SESSION_ENDED'
  | 'STAFF_LOGIN_FAILED'
  | 'STAFF_FORBIDDEN'
  | 'STAFF_ADDRESS_NOT_ALLOWED'
  | 'STAFF_USERNAME_TAKEN'
  | 'APPROVAL_SAME_STAFF'
  | 'STAFF_ENROLMENT_INVALID'
  | 'STAFF_CODE_WRONG'
  | 'CORRECTION_DECIDED'
  | 'FOUR_EYES_BELOW_AUTOMATIC'
  | 'PROMOTION_ID_TAKEN'
  | 'PROMOTION_RULES_LOCKED';
export type Error = {
  code: ErrorCode;
  /** English text for developers; players see the translated code. */
  message: string;
  details?: {
    field: string;
    message: string;
  }[];
};
export type OkResponse = {
  ok: true;
};
export type Fingerprint = {
  screen?: string;
  version?: string;
  timezone?: string;
  userAgent?: string;
  plugins?: string;
  webGL?: {
    version?: string;
    vendor?: string;
    vendorUnmasked?: string;
    renderer?: string;
    rendererUnmasked?: string;
    shadingLanguageVersion?: string;
  };
  audio?: number;
  platform?: string;
  fingerprint: string;
  memory?: number;
  fonts?: string;
  languages?: string;
  hardwareConcurrency?: number;
  vendor?: string;
};
export type Timestamp = string;
export type Player = {
  id: string;
  username: string;
  displayName: string;
  status: 'ACTIVE' | 'BLOCKED';
  currency: 'LAK' | 'THB' | 'USD';
  createdAt: Timestamp;
};
export type Credential = {
  /** A public id of this session, unique per login (not the secret cookie value). */
  sessionId: string;
  loginAt: Timestamp;
  /** The previous login's time, or 0001-01-01T00:00:00Z on the first login. */
  previousLoginAt: string;
};
export type BankCode = 'bcel' | 'jdb' | 'ldb' | 'indochina' | 'kasikam' | 'lvb';
export type BankAccount = {
  id: string;
  bank: BankCode;
  accountNumber: string;
  accountName: string;
  currency: 'LAK';
  owner: string;
  createdAt: Timestamp;
};
export type PlayerInfoResponse = {
  player: Player;
  credential: Credential;
  bankAccounts: BankAccount[];
};
export type Exclusion = {
  kind: 'TIME_OUT' | 'SELF_EXCLUSION';
  startsAt: Timestamp;
  endsAt: Timestamp;
};
export type PlayerProfileResponse = {
  player: Player;
  /** Present while a time-out or self-exclusion is in force: the player may withdraw and see history,
    nothing else that moves money or opens a game.
     */
  restriction?: Exclusion;
};
export type Provider = 'alphabet' | 'askmebet' | 'gclub' | 'gclub_live';
export type CreditAmount = {
  /** Decimal THB, e.g. "153.84". */
  amount: string;
  currency: 'LAK' | 'THB' | 'USD';
};
export type ProviderCredit = {
  provider: Provider;
  credit: CreditAmount;
};
export type CreditsResponse = {
  credits: ProviderCredit[];
  total: CreditAmount;
};
export type PlayerSessionResponse = {
  info: PlayerInfoResponse;
  profile: PlayerProfileResponse;
  credits: CreditsResponse;
};
export type LoginRequest = {
  username: string;
  password: string;
};
export type RegisterRequest = {
  username: string;
  password: string;
  confirmPassword: string;
  displayName?: string;
  fingerprint: string;
  /** The code of the link the visitor came by (refer a friend); an unknown code is ignored. */
  referralCode?: string;
};
export type UsernameValidation = {
  username: string;
  available: boolean;
  code?: 'USERNAME_TAKEN' | 'USERNAME_INVALID';
};
export type ChangePasswordRequest = {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
};
export type CreditResponse = {
  credit: {
    /** Decimal THB, e.g. "153.84". */
    amount: string;
    currency: 'LAK' | 'THB' | 'USD';
  };
};
export type MoveCreditResponse = {
  reference: string;
  from: ProviderCredit;
  to: ProviderCredit;
};
export type MoveCreditRequest = {
  from: Provider;
  to: Provider;
  /** Credit to move, THB satang. */
  credit: number;
};
export type WalletSettings = {
  /** Every game launch first brings the player's credit at the other providers into the game's provider. */
  bringCreditAlong: boolean;
};
export type BlockingResponse = {
  blocked: boolean;
};
export type Bank = {
  code: BankCode;
  name: string;
  /** Accepted lengths of the account number (digits only). */
  accountNumberLength: number[];
  acquirerIin: string;
};
export type BankListResponse = {
  banks: Bank[];
};
export type BankAccountListResponse = {
  bankAccounts: BankAccount[];
};
export type BankAccountResponse = {
  bankAccount: BankAccount;
};
export type AddBankAccountRequest = {
  bank: BankCode;
  accountNumber: string;
  accountName: string;
  /** Only LAK is accepted; others get CURRENCY_NOT_ALLOWED. */
  currency: 'LAK' | 'THB' | 'USD';
};
export type CurrencyEntry = {
  isEnabled: boolean;
  code: string;
  mid: string;
  displayName: string;
  currency: 'LAK' | 'THB' | 'USD';
  /** Units of this currency paid out per 1 THB of credit withdrawn. */
  buy: string;
  /** Units of this currency charged per 1 THB of credit deposited. */
  sell: string;
};
export type CurrencyListResponse = {
  currencies: CurrencyEntry[];
};
export type OrderStatus = 'OPEN' | 'PAID' | 'SUCCESS' | 'FAILED' | 'CANCELED' | 'REJECTED';
export type WithdrawalRejectReason =
  'BANK_DETAILS_WRONG' | 'NAME_MISMATCH' | 'LINKED_ACCOUNTS' | 'PROMOTION_TERMS' | 'PLAYER_REQUEST' | 'OTHER';
export type Order = {
  /** The transaction id shown to the player. */
  code: string;
  kind: 'DEPOSIT' | 'WITHDRAW';
  provider: Provider;
  /** Bank-side amount in minor units of `currency` (LAK whole kip). */
  amount: number;
  currency: 'LAK';
  /** Provider credit in THB satang bought or withdrawn. */
  credit: number;
  /** Promotion credit added on success, THB satang. */
  bonusCredit?: number;
  status: OrderStatus;
  /** A withdrawal staff rejected: why. */
  rejectReason?: WithdrawalRejectReason;
  bank: BankCode;
  mid?: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  expiresAt?: Timestamp;
  /** Present (true) when the bank payment arrived after the player cancelled the order or it expired:
    the money arrived, so it is the player's: credited, or (see `returned`) paid back.
     */
  paidAfterClose?: boolean;
  /** Deposits only, status REJECTED: the bank paid, but the money could not be made playable, so it is
    paid back to the player's bank account, once. `reason`: paid after the order closed and over a
    deposit or loss limit, or paid during a time-out or self-exclusion (docs/protection.md).
     */
  returned?: {
    reason: 'DEPOSIT_LIMIT_EXCEEDED' | 'LOSS_LIMIT_EXCEEDED' | 'PLAYER_TIMED_OUT' | 'PLAYER_SELF_EXCLUDED';
    /** WAITING_FOR_BANK_ACCOUNT: paid back once the player adds a bank account; PROCESSING: on its way to the bank; PAID: sent. */
    stage: 'WAITING_FOR_BANK_ACCOUNT' | 'PROCESSING' | 'PAID';
  };
  /** Withdrawals only. How the payout goes and where it stands. */
  payout?: {
    /** Paid without an operator (below the automatic limit, no promotion in use, no risk flag). */
    automatic: boolean;
    /** RECEIVED: waiting (for the operator when not automatic); PROCESSING: the payout is on its way; PAID: sent; RETURNED: refused or failed, the credit is back. */
    stage: 'RECEIVED' | 'PROCESSING' | 'PAID' | 'RETURNED';
    /** Present while the withdrawal waits for the operator (not automatic, stage RECEIVED): why it was
        not paid automatically (docs/withdrawals.md), fixed at creation, and the time the operator is
        expected to have decided by (created + WITHDRAW_REVIEW_MINUTES).
         */
    review?: {
      /** AUTOMATIC_OFF: automatic payouts are off; OVER_AUTOMATIC_LIMIT: above the automatic amount; PROMOTION_IN_USE: a promotion is in force; NEW_BANK_ACCOUNT: the bank account is new; MANY_WITHDRAWALS: many withdrawals within the hour; RISK_REVIEW: a routine check by staff (which risk rule applied is shown to staff only). */
      reason:
        | 'AUTOMATIC_OFF'
        | 'OVER_AUTOMATIC_LIMIT'
        | 'PROMOTION_IN_USE'
        | 'NEW_BANK_ACCOUNT'
        | 'MANY_WITHDRAWALS'
        | 'RISK_REVIEW';
      expectedBy: Timestamp;
    };
  };
};
export type OrderPage = {
  items: Order[];
  page: number;
  pageSize: number;
  total: number;
};
export type DepositQr = {
  code: string;
  /** EMVCo merchant-presented LAO QR payload. */
  qrText: string;
  amount: number;
  currency: 'LAK';
  expiresAt: Timestamp;
};
export type DepositWithQrResponse = {
  order: Order;
  qr: DepositQr;
};
export type CreateDepositRequest = {
  provider: Provider;
  mid: string;
  bank: BankCode;
  /** LAK, whole kip. */
  amount: number;
};
export type OrderListResponse = {
  orders: Order[];
};
export type OrderResponse = {
  order: Order;
};
export type PaymentCallback = {
  billNumber: string;
  reference: string;
  amount: number;
  currency: 'LAK';
  status: 'SUCCESS' | 'FAILED';
  paidAt: Timestamp;
};
export type SandboxPayment = {
  billNumber: string;
  reference: string;
  amount: number;
  currency: 'LAK';
  merchantName: string;
};
export type CreateWithdrawRequest = {
  provider: Provider;
  bankAccountId: string;
  /** Credit to withdraw, THB satang. */
  credit: number;
};
export type WithdrawPromotionInfo = {
  hasPromotion: boolean;
  withdrawAll: boolean;
  /** Bonus credit received from the promotion, THB satang. */
  receivedCredit: number;
  /** Credit above the maximum that is returned on withdrawal. */
  returnedCredit: number;
  /** The most credit that can be paid out while the promotion is in use. */
  maxCredit: number;
  /** The credit needed before a withdrawal is allowed. */
  minCredit: number;
};
export type GameIdValue = string;
export type GameCategory = 'slot' | 'sport' | 'casino' | 'fish' | 'card' | 'chicken';
export type Game = {
  id: GameIdValue;
  provider: Provider;
  category: GameCategory;
  /** The game title, as the provider names it (not translated). */
  name: string;
  /** Address of the square artwork (SVG), same origin. */
  thumbnail: string;
  isNew: boolean;
  isHot: boolean;
  /** Position within the provider; lower first. */
  order: number;
  /** Where the launch address opens: the in-app game view, or a new tab when the provider requires it. */
  opensIn: 'frame' | 'tab';
};
export type GameListResponse = {
  games: Game[];
};
export type PlayerGamesResponse = {
  favourites: Game[];
  recent: Game[];
};
export type LaunchGameResponse = {
  /** The launch address with its one-time token. */
  url: string;
  provider: Provider;
  gameId: GameIdValue;
  opensIn: 'frame' | 'tab';
  expiresAt: Timestamp;
};
export type LaunchGameRequest = {
  provider: Provider;
  gameId: GameIdValue;
};
export type Promotion = {
  id: string;
  title: string;
  description: string;
  status: 'ACTIVE' | 'INACTIVE';
  /** The deposit this promotion requires, LAK. */
  depositAmount: number;
  /** Bonus as a percentage of the deposited credit. */
  bonusPercent: number;
  /** THB satang. */
  maxBonusCredit: number;
  /** Credit needed to withdraw, as a multiple of deposit plus bonus. */
  turnover: number;
  firstOrderOnly: boolean;
  /** A withdrawal must take all the credit. */
  withdrawAll: boolean;
  /** No further deposit while the provider credit is at or above this, THB satang. */
  creditThreshold: number;
  /** Address of the promotion artwork (same origin). */
  imageUrl?: string;
  endsAt?: Timestamp;
  /** While in use, a withdrawal pays at most this percentage of the credit received (deposit plus bonus); the rest is returned. */
  maxWithdrawPercent?: number;
  /** While in use, a withdrawal needs at least this credit at the provider, and more than the credit received (deposit plus bonus); THB satang. */
  minWithdrawCredit?: number;
};
export type PromotionListResponse = {
  promotions: Promotion[];
};
export type Language = 'lo' | 'th' | 'cn' | 'vn';
export type PromotionResponse = {
  promotion: Promotion;
};
export type PromotionUsage = {
  usageId: string;
  promotionId: string;
  promotionTitle: string;
  provider: Provider;
  status: 'ACTIVE' | 'INACTIVE' | 'SUCCESS' | 'CANCELED' | 'USED';
  usedAt: Timestamp;
  depositAmount: number;
  bonusCredit: number;
  /** When the usage ended, or 0001-01-01T00:00:00Z while it is in use. */
  endedAt: string;
  /** Credit that must be played (bet) before a withdrawal, THB satang. */
  turnoverRequired?: number;
  /** Credit played so far while the usage is in force, THB satang. */
  turnoverDone?: number;
  /** Present (true) while a cancel's bonus take-back is on its way to the provider: the usage stays in
    force until the provider has taken the bonus back (then CANCELED), and stays in force if it refuses.
     */
  cancelPending?: boolean;
};
export type PromotionUsageResponse = {
  usage: PromotionUsage;
};
export type UsePromotionRequest = {
  promotionId: string;
  providerId: Provider;
};
export type PromotionUsagePage = {
  items: PromotionUsage[];
  page: number;
  pageSize: number;
  total: number;
};
export type LimitKind = 'DEPOSIT' | 'LOSS' | 'PLAY_TIME';
export type LimitPeriod = 'DAY' | 'WEEK' | 'MONTH';
export type PendingLimitChange = {
  /** The new limit, or null for removal. */
  amount: number | null;
  requestedAt: Timestamp;
  confirmableFrom: Timestamp;
  confirmableUntil: Timestamp;
};
export type PlayerLimit = {
  kind: LimitKind;
  period: LimitPeriod;
  /** The limit in force, or null when only a change waits. */
  amount: number | null;
  /** What counts against it now (LAK, or minutes played today). */
  used: number;
  effectiveFrom: Timestamp | null;
  pending: PendingLimitChange | null;
};
export type Protection = {
  limits: PlayerLimit[];
  /** The exclusion in force (self-exclusion before time-out), or null. */
  exclusion: Exclusion | null;
  realityCheckMinutes: number | null;
  playedTodaySeconds: number;
  playDayEndsAt: Timestamp;
};
export type SetLimitResponse = {
  outcome: 'APPLIED' | 'PENDING';
  limit: PlayerLimit;
};
export type SetLimitRequest = {
  kind: LimitKind;
  period: LimitPeriod;
  /** LAK for DEPOSIT and LOSS (1 to 1,000,000,000), minutes for PLAY_TIME (15 to 1,440); null removes it. */
  amount: number | null;
};
export type LimitResponse = {
  limit: PlayerLimit;
};
export type LimitKey = {
  kind: LimitKind;
  period: LimitPeriod;
};
export type ExclusionResponse = {
  exclusion: Exclusion;
};
export type SignedThb = string;
export type SessionSummary = {
  startedAt: Timestamp;
  playedSeconds: number;
  net: SignedThb;
  playedTodaySeconds: number;
  playTimeLimitMinutes: number | null;
};
export type BetRound = {
  provider: Provider;
  roundId: string;
  gameId: string;
  gameName: string;
  status: 'OPEN' | 'ENDED';
  /** Stakes debited in the round, satang. */
  bets: number;
  /** Wins credited, satang. */
  wins: number;
  /** Stakes given back by rollbacks, satang. */
  refunds: number;
  openedAt: Timestamp;
  endedAt: null | Timestamp;
};
export type BetRoundPage = {
  items: BetRound[];
  page: number;
  pageSize: number;
  total: number;
};
export type StatementMoney = {
  count: number;
  /** LAK paid or received at the bank. */
  amount: number;
  credit: SignedThb;
};
export type Statement = {
  from: string;
  to: string;
  deposits: StatementMoney;
  withdrawals: StatementMoney;
  bonuses: SignedThb;
  /** Rewards credited (loss cashback, check-ins, referral commission). */
  rewards: SignedThb;
  /** Credit corrections the agency applied: given, less taken back. */
  corrections: SignedThb;
  providers: {
    provider: Provider;
    net: SignedThb;
  }[];
  /** Game results over all providers. */
  net: SignedThb;
};
export type CashbackTerms = {
  /** Asia/Vientiane calendar days, or weeks from Monday 00:00. */
  period: 'DAY' | 'WEEK';
  /** Hundredths of a percent of the net loss: 500 is 5 %. */
  rateBasisPoints: number;
  /** The smallest net loss that pays, satang. */
  minLoss: number;
  /** The most one period pays, satang. */
  maxPayment: number;
  /** Multiple of the cashback to stake at its provider before withdrawing from it; 0 for none. */
  turnover: number;
  /** Credited when the period ends, or waiting there for the player to claim. */
  payment: 'AUTO' | 'CLAIM';
  /** How long a cashback waits to be claimed. */
  claimDays: number;
};
export type CashbackPayment = {
  id: string;
  period: 'DAY' | 'WEEK';
  periodStart: Timestamp;
  periodEnd: Timestamp;
  /** The period's net game result, satang (negative: a loss). */
  net: number;
  provider: Provider;
  /** Satang. */
  amount: number;
  /** WITHHELD_*: not paid, as the player was in a time-out, a self-exclusion or blocked from promotions when the period ended. */
  status:
    'PAID' | 'CLAIMABLE' | 'EXPIRED' | 'WITHHELD_TIME_OUT' | 'WITHHELD_SELF_EXCLUSION' | 'WITHHELD_BLOCKED';
  /** When it was credited; 0001-01-01T00:00:00Z until then. */
  paidAt: string;
  /** The last moment to claim it; 0001-01-01T00:00:00Z when paid automatically. */
  claimUntil: string;
  /** Stakes at its provider since it was paid before a withdrawal from there, satang. */
  turnoverRequired: number;
  /** Stakes seen so far, satang, at most turnoverRequired. */
  turnoverDone: number;
};
export type CashbackOverview = {
  enabled: boolean;
  terms: CashbackTerms;
  current: {
    periodStart: Timestamp;
    periodEnd: Timestamp;
    providers: {
      provider: Provider;
      /** Satang. */
      net: number;
    }[];
    /** Game results over all providers this period, satang. */
    net: number;
    /** What the period would pay if it ended now, satang. */
    cashback: number;
    reason: 'PAYS' | 'NET_WIN' | 'BELOW_MINIMUM' | 'PAUSED' | 'DISABLED';
  };
  payments: CashbackPayment[];
};
export type CashbackPaymentResponse = {
  payment: CashbackPayment;
};
export type CheckInOverview = {
  enabled: boolean;
  terms: {
    /** What a day checked in pays, satang. */
    dayReward: number;
    streakDays: number;
    /** Paid on top every streakDays-th day in a row, satang. */
    streakBonus: number;
    /** Deposits credited that day, LAK. */
    minDeposit: number;
    /** Stakes booked that day, satang. */
    minTurnover: number;
    /** Multiple of the reward to stake at its provider before credit leaves it. */
    turnover: number;
  };
  today: {
    day: string;
    /** LAK credited today. */
    deposited: number;
    /** Satang staked today. */
    staked: number;
    /** Days in a row with today: checked in, or if checked in now. */
    streak: number;
    /** What today pays (paid), satang. */
    reward: number;
    reason: 'CLAIMABLE' | 'CLAIMED' | 'NOT_QUALIFIED' | 'WITHDRAWAL_OPEN' | 'PAUSED' | 'DISABLED';
  };
  /** Every day of this Vientiane month. */
  month: {
    day: string;
    claimed: boolean;
    /** Paid, or the day reward for a day not checked in, satang. */
    amount: number;
  }[];
};
export type CheckInResponse = {
  checkIn: {
    day: string;
    streak: number;
    /** Satang. */
    amount: number;
    provider: Provider;
    /** Satang. */
    turnoverRequired: number;
  };
};
export type ReferralOverview = {
  enabled: boolean;
  /** The link is /register?ref=<code>. */
  code: string;
  terms: {
    basis: 'STAKES' | 'NET_LOSS';
    rateBasisPoints: number;
    /** Satang. */
    monthlyCap: number;
    turnover: number;
  };
  /** Friends who registered through the code. */
  friends: number;
  /** Friends with stakes this month. */
  friendsPlayed: number;
  /** Commission this month, today's running one included, satang. */
  thisMonth: number;
  /** Today's running commission, claimable tomorrow, satang. */
  today: number;
  /** Accrued and not claimed yet, satang. */
  claimable: number;
  reason: 'CLAIMABLE' | 'NOTHING_YET' | 'PAUSED' | 'DISABLED';
};
export type PlayerSession = {
  id: string;
  /** Browser and system read from the user agent, e.g. "Chrome · Android"; empty when not recognised. */
  device: string;
  address: string;
  loginAt: Timestamp;
  lastSeenAt: Timestamp;
  current: boolean;
};
export type SessionList = {
  /** The login before this session's, or 0001-01-01T00:00:00Z on the first login. */
  previousLoginAt: string;
  sessions: PlayerSession[];
};
export const {
  useGetAgencyInfoQuery,
  useLazyGetAgencyInfoQuery,
  useSaveFingerprintMutation,
  useGetPlayerInfoQuery,
  useLazyGetPlayerInfoQuery,
  useGetPlayerProfileQuery,
  useLazyGetPlayerProfileQuery,
  useGetPlayerSessionQuery,
  useLazyGetPlayerSessionQuery,
  useLoginPlayerMutation,
  useLogoutPlayerMutation,
  useRegisterPlayerMutation,
  useValidateUsernameMutation,
  useChangePasswordMutation,
  useGetPlayerCreditQuery,
  useLazyGetPlayerCreditQuery,
  useGetPlayerCreditsQuery,
  useLazyGetPlayerCreditsQuery,
  useMoveCreditMutation,
  useGetWalletSettingsQuery,
  useLazyGetWalletSettingsQuery,
  useSetWalletSettingsMutation,
  useGetPromotionBlockingQuery,
  useLazyGetPromotionBlockingQuery,
  useListBanksQuery,
  useLazyListBanksQuery,
  useListBankAccountsQuery,
  useLazyListBankAccountsQuery,
  useAddBankAccountMutation,
  useListCurrenciesQuery,
  useLazyListCurrenciesQuery,
  useListDepositsQuery,
  useLazyListDepositsQuery,
  useCreateDepositMutation,
  useListOpenDepositsQuery,
  useLazyListOpenDepositsQuery,
  useGetDepositQrQuery,
  useLazyGetDepositQrQuery,
  useCheckDepositMutation,
  useCancelDepositMutation,
  useReceivePaymentCallbackMutation,
  usePaySandboxQrMutation,
  useListWithdrawsQuery,
  useLazyListWithdrawsQuery,
  useCreateWithdrawMutation,
  useListOpenWithdrawsQuery,
  useLazyListOpenWithdrawsQuery,
  useGetWithdrawPromotionInfoQuery,
  useLazyGetWithdrawPromotionInfoQuery,
  useListGamesQuery,
  useLazyListGamesQuery,
  useGetPlayerGamesQuery,
  useLazyGetPlayerGamesQuery,
  useAddFavouriteGameMutation,
  useRemoveFavouriteGameMutation,
  useLaunchGameMutation,
  useListPromotionsQuery,
  useLazyListPromotionsQuery,
  useListPromotionBannersQuery,
  useLazyListPromotionBannersQuery,
  useGetPromotionQuery,
  useLazyGetPromotionQuery,
  useClaimPromotionMutation,
  useGetCurrentPromotionQuery,
  useLazyGetCurrentPromotionQuery,
  useRecheckPromotionUsageMutation,
  useListPromotionUsagesQuery,
  useLazyListPromotionUsagesQuery,
  useCancelPromotionUsageMutation,
  useGetProtectionQuery,
  useLazyGetProtectionQuery,
  useSetLimitMutation,
  useConfirmLimitMutation,
  useSetRealityCheckMutation,
  useTakeTimeOutMutation,
  useSelfExcludeMutation,
  useGetSessionSummaryQuery,
  useLazyGetSessionSummaryQuery,
  useListPlayerBetsQuery,
  useLazyListPlayerBetsQuery,
  useGetStatementQuery,
  useLazyGetStatementQuery,
  useGetCashbackQuery,
  useLazyGetCashbackQuery,
  useClaimCashbackMutation,
  useGetCheckInQuery,
  useLazyGetCheckInQuery,
  useClaimCheckInMutation,
  useGetReferralQuery,
  useLazyGetReferralQuery,
  useClaimReferralMutation,
  useListSessionsQuery,
  useLazyListSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
} = injectedRtkApi;
