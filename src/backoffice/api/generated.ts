import { backofficeBaseApi as api } from './baseApi';
export const addTagTypes = [
  'StaffSession',
  'StaffDashboard',
  'StaffWithdrawal',
  'StaffPlayer',
  'StaffPromotion',
  'StaffAudit',
  'StaffAdmin',
  'StaffPayment',
  'StaffTransfer',
  'StaffGame',
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getStaffSession: build.query<GetStaffSessionApiResponse, GetStaffSessionApiArg>({
        query: () => ({ url: `/v2/backoffice/session` }),
        providesTags: ['StaffSession'],
      }),
      loginStaff: build.mutation<LoginStaffApiResponse, LoginStaffApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/session`,
          method: 'POST',
          body: queryArg.staffLoginRequest,
        }),
        invalidatesTags: ['StaffSession'],
      }),
      showStaffEnrolment: build.mutation<ShowStaffEnrolmentApiResponse, ShowStaffEnrolmentApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/enrolment/secret`,
          method: 'POST',
          body: queryArg.staffEnrolmentToken,
        }),
        invalidatesTags: ['StaffSession'],
      }),
      completeStaffEnrolment: build.mutation<CompleteStaffEnrolmentApiResponse, CompleteStaffEnrolmentApiArg>(
        {
          query: (queryArg) => ({
            url: `/v2/backoffice/enrolment`,
            method: 'POST',
            body: queryArg.staffEnrolmentCompletion,
          }),
          invalidatesTags: ['StaffSession'],
        },
      ),
      logoutStaff: build.mutation<LogoutStaffApiResponse, LogoutStaffApiArg>({
        query: () => ({ url: `/v2/backoffice/session/end`, method: 'POST' }),
        invalidatesTags: ['StaffSession'],
      }),
      getStaffDashboard: build.query<GetStaffDashboardApiResponse, GetStaffDashboardApiArg>({
        query: () => ({ url: `/v2/backoffice/dashboard` }),
        providesTags: ['StaffDashboard'],
      }),
      listStaffWithdrawals: build.query<ListStaffWithdrawalsApiResponse, ListStaffWithdrawalsApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/withdrawals`,
          params: {
            page: queryArg.page,
            pageSize: queryArg.pageSize,
            status: queryArg.status,
            username: queryArg.username,
            sort: queryArg.sort,
          },
        }),
        providesTags: ['StaffWithdrawal'],
      }),
      approveStaffWithdrawal: build.mutation<ApproveStaffWithdrawalApiResponse, ApproveStaffWithdrawalApiArg>(
        {
          query: (queryArg) => ({
            url: `/v2/backoffice/withdrawals/${queryArg.code}/approve`,
            method: 'POST',
          }),
          invalidatesTags: ['StaffWithdrawal'],
        },
      ),
      takeStaffWithdrawal: build.mutation<TakeStaffWithdrawalApiResponse, TakeStaffWithdrawalApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/withdrawals/${queryArg.code}/take`,
          method: 'POST',
        }),
        invalidatesTags: ['StaffWithdrawal'],
      }),
      releaseStaffWithdrawal: build.mutation<ReleaseStaffWithdrawalApiResponse, ReleaseStaffWithdrawalApiArg>(
        {
          query: (queryArg) => ({
            url: `/v2/backoffice/withdrawals/${queryArg.code}/release`,
            method: 'POST',
          }),
          invalidatesTags: ['StaffWithdrawal'],
        },
      ),
      rejectStaffWithdrawal: build.mutation<RejectStaffWithdrawalApiResponse, RejectStaffWithdrawalApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/withdrawals/${queryArg.code}/reject`,
          method: 'POST',
          body: queryArg.staffWithdrawalReject,
        }),
        invalidatesTags: ['StaffWithdrawal'],
      }),
      listStaffPlayers: build.query<ListStaffPlayersApiResponse, ListStaffPlayersApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/players`,
          params: {
            page: queryArg.page,
            pageSize: queryArg.pageSize,
            q: queryArg.q,
          },
        }),
        providesTags: ['StaffPlayer'],
      }),
      getStaffPlayer: build.query<GetStaffPlayerApiResponse, GetStaffPlayerApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/players/${queryArg.username}`,
        }),
        providesTags: ['StaffPlayer'],
      }),
      addStaffNote: build.mutation<AddStaffNoteApiResponse, AddStaffNoteApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/players/${queryArg.username}/notes`,
          method: 'POST',
          body: queryArg.staffNoteRequest,
        }),
        invalidatesTags: ['StaffPlayer'],
      }),
      listStaffPromotions: build.query<ListStaffPromotionsApiResponse, ListStaffPromotionsApiArg>({
        query: () => ({ url: `/v2/backoffice/promotions` }),
        providesTags: ['StaffPromotion'],
      }),
      createStaffPromotion: build.mutation<CreateStaffPromotionApiResponse, CreateStaffPromotionApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/promotions`,
          method: 'POST',
          body: queryArg.staffNewPromotion,
        }),
        invalidatesTags: ['StaffPromotion'],
      }),
      updateStaffPromotionRules: build.mutation<
        UpdateStaffPromotionRulesApiResponse,
        UpdateStaffPromotionRulesApiArg
      >({
        query: (queryArg) => ({
          url: `/v2/backoffice/promotions/${queryArg.promotionId}/rules`,
          method: 'POST',
          body: queryArg.staffPromotionRules,
        }),
        invalidatesTags: ['StaffPromotion'],
      }),
      updateStaffPromotionText: build.mutation<
        UpdateStaffPromotionTextApiResponse,
        UpdateStaffPromotionTextApiArg
      >({
        query: (queryArg) => ({
          url: `/v2/backoffice/promotions/${queryArg.promotionId}/texts`,
          method: 'POST',
          body: queryArg.staffPromotionText,
        }),
        invalidatesTags: ['StaffPromotion'],
      }),
      listAuditEntries: build.query<ListAuditEntriesApiResponse, ListAuditEntriesApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/audit`,
          params: {
            page: queryArg.page,
            pageSize: queryArg.pageSize,
            actor: queryArg.actor,
            action: queryArg.action,
            target: queryArg.target,
            from: queryArg['from'],
            to: queryArg.to,
          },
        }),
        providesTags: ['StaffAudit'],
      }),
      listStaff: build.query<ListStaffApiResponse, ListStaffApiArg>({
        query: () => ({ url: `/v2/backoffice/staff` }),
        providesTags: ['StaffAdmin'],
      }),
      createStaff: build.mutation<CreateStaffApiResponse, CreateStaffApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/staff`,
          method: 'POST',
          body: queryArg.createStaffRequest,
        }),
        invalidatesTags: ['StaffAdmin'],
      }),
      listStaffDeposits: build.query<ListStaffDepositsApiResponse, ListStaffDepositsApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/deposits`,
          params: {
            page: queryArg.page,
            pageSize: queryArg.pageSize,
            status: queryArg.status,
            username: queryArg.username,
          },
        }),
        providesTags: ['StaffPayment'],
      }),
      listStaffUnmatchedPayments: build.query<
        ListStaffUnmatchedPaymentsApiResponse,
        ListStaffUnmatchedPaymentsApiArg
      >({
        query: () => ({ url: `/v2/backoffice/payments` }),
        providesTags: ['StaffPayment'],
      }),
      applyStaffPayment: build.mutation<ApplyStaffPaymentApiResponse, ApplyStaffPaymentApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/payments/${queryArg.reference}/apply`,
          method: 'POST',
          body: queryArg.staffApplyPayment,
        }),
        invalidatesTags: ['StaffPayment'],
      }),
      refundStaffPayment: build.mutation<RefundStaffPaymentApiResponse, RefundStaffPaymentApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/payments/${queryArg.reference}/refund`,
          method: 'POST',
        }),
        invalidatesTags: ['StaffPayment'],
      }),
      listStaffTransfers: build.query<ListStaffTransfersApiResponse, ListStaffTransfersApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/transfers`,
          params: {
            which: queryArg.which,
          },
        }),
        providesTags: ['StaffTransfer'],
      }),
      retryStaffTransfer: build.mutation<RetryStaffTransferApiResponse, RetryStaffTransferApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/transfers/${queryArg.reference}/retry`,
          method: 'POST',
        }),
        invalidatesTags: ['StaffTransfer'],
      }),
      checkStaffWallets: build.query<CheckStaffWalletsApiResponse, CheckStaffWalletsApiArg>({
        query: () => ({ url: `/v2/backoffice/transfers/differences` }),
        providesTags: ['StaffTransfer'],
      }),
      listStaffGames: build.query<ListStaffGamesApiResponse, ListStaffGamesApiArg>({
        query: () => ({ url: `/v2/backoffice/games` }),
        providesTags: ['StaffGame'],
      }),
      updateStaffGame: build.mutation<UpdateStaffGameApiResponse, UpdateStaffGameApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/games/${queryArg.gameId}`,
          method: 'POST',
          body: queryArg.staffGameChange,
        }),
        invalidatesTags: ['StaffGame'],
      }),
      endStaffPlayerSessions: build.mutation<EndStaffPlayerSessionsApiResponse, EndStaffPlayerSessionsApiArg>(
        {
          query: (queryArg) => ({
            url: `/v2/backoffice/players/${queryArg.username}/sessions/end`,
            method: 'POST',
          }),
          invalidatesTags: ['StaffPlayer'],
        },
      ),
      setStaffPlayerPromotionBlock: build.mutation<
        SetStaffPlayerPromotionBlockApiResponse,
        SetStaffPlayerPromotionBlockApiArg
      >({
        query: (queryArg) => ({
          url: `/v2/backoffice/players/${queryArg.username}/promotion-block`,
          method: 'POST',
          body: queryArg.staffPromotionBlock,
        }),
        invalidatesTags: ['StaffPlayer'],
      }),
      requestStaffCreditCorrection: build.mutation<
        RequestStaffCreditCorrectionApiResponse,
        RequestStaffCreditCorrectionApiArg
      >({
        query: (queryArg) => ({
          url: `/v2/backoffice/players/${queryArg.username}/corrections`,
          method: 'POST',
          body: queryArg.staffCreditCorrectionRequest,
        }),
        invalidatesTags: ['StaffPlayer'],
      }),
      approveStaffCreditCorrection: build.mutation<
        ApproveStaffCreditCorrectionApiResponse,
        ApproveStaffCreditCorrectionApiArg
      >({
        query: (queryArg) => ({
          url: `/v2/backoffice/corrections/${queryArg.correctionId}/approve`,
          method: 'POST',
        }),
        invalidatesTags: ['StaffPlayer'],
      }),
      refuseStaffCreditCorrection: build.mutation<
        RefuseStaffCreditCorrectionApiResponse,
        RefuseStaffCreditCorrectionApiArg
      >({
        query: (queryArg) => ({
          url: `/v2/backoffice/corrections/${queryArg.correctionId}/refuse`,
          method: 'POST',
        }),
        invalidatesTags: ['StaffPlayer'],
      }),
      setStaffPlayerStatus: build.mutation<SetStaffPlayerStatusApiResponse, SetStaffPlayerStatusApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/players/${queryArg.username}/status`,
          method: 'POST',
          body: queryArg.staffPlayerStatusChange,
        }),
        invalidatesTags: ['StaffPlayer'],
      }),
      updateStaffPromotion: build.mutation<UpdateStaffPromotionApiResponse, UpdateStaffPromotionApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/promotions/${queryArg.promotionId}`,
          method: 'POST',
          body: queryArg.staffPromotionChange,
        }),
        invalidatesTags: ['StaffPromotion'],
      }),
      resetStaff: build.mutation<ResetStaffApiResponse, ResetStaffApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/staff/${queryArg.staffUsername}/reset`,
          method: 'POST',
        }),
        invalidatesTags: ['StaffAdmin'],
      }),
      setStaffDisabled: build.mutation<SetStaffDisabledApiResponse, SetStaffDisabledApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/staff/${queryArg.staffUsername}/disabled`,
          method: 'POST',
          body: queryArg.staffDisable,
        }),
        invalidatesTags: ['StaffAdmin'],
      }),
      setStaffRole: build.mutation<SetStaffRoleApiResponse, SetStaffRoleApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/staff/${queryArg.staffUsername}/role`,
          method: 'POST',
          body: queryArg.staffRoleChange,
        }),
        invalidatesTags: ['StaffAdmin'],
      }),
      getStaffRewardSettings: build.query<GetStaffRewardSettingsApiResponse, GetStaffRewardSettingsApiArg>({
        query: () => ({ url: `/v2/backoffice/rewards` }),
        providesTags: ['StaffAdmin'],
      }),
      updateStaffRewardSettings: build.mutation<
        UpdateStaffRewardSettingsApiResponse,
        UpdateStaffRewardSettingsApiArg
      >({
        query: (queryArg) => ({
          url: `/v2/backoffice/rewards`,
          method: 'POST',
          body: queryArg.staffRewardSettingsChange,
        }),
        invalidatesTags: ['StaffAdmin'],
      }),
      getStaffSettings: build.query<GetStaffSettingsApiResponse, GetStaffSettingsApiArg>({
        query: () => ({ url: `/v2/backoffice/settings` }),
        providesTags: ['StaffAdmin'],
      }),
      updateStaffSettings: build.mutation<UpdateStaffSettingsApiResponse, UpdateStaffSettingsApiArg>({
        query: (queryArg) => ({
          url: `/v2/backoffice/settings`,
          method: 'POST',
          body: queryArg.staffSettingsChange,
        }),
        invalidatesTags: ['StaffAdmin'],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedBackofficeApi };
export type GetStaffSessionApiResponse = /** status 200 The staff member */ StaffSession;
export type GetStaffSessionApiArg = void;
export type LoginStaffApiResponse = /** status 200 Signed in */ StaffSession;
export type LoginStaffApiArg = {
  staffLoginRequest: StaffLoginRequest;
};
export type ShowStaffEnrolmentApiResponse =
  /** status 200 The member and the secret to add to their authenticator app */ StaffEnrolment;
export type ShowStaffEnrolmentApiArg = {
  staffEnrolmentToken: StaffEnrolmentToken;
};
export type CompleteStaffEnrolmentApiResponse = /** status 200 Enrolled */ StaffMember;
export type CompleteStaffEnrolmentApiArg = {
  staffEnrolmentCompletion: StaffEnrolmentCompletion;
};
export type LogoutStaffApiResponse = /** status 200 Signed out */ OkResponse;
export type LogoutStaffApiArg = void;
export type GetStaffDashboardApiResponse = /** status 200 Today's figures */ StaffDashboard;
export type GetStaffDashboardApiArg = void;
export type ListStaffWithdrawalsApiResponse = /** status 200 A page of withdrawals */ StaffWithdrawalPage;
export type ListStaffWithdrawalsApiArg = {
  page?: number;
  pageSize?: number;
  status?: OrderStatus;
  username?: string;
  sort?: 'oldest' | 'newest' | 'largest';
};
export type ApproveStaffWithdrawalApiResponse =
  /** status 200 Paid out, or waiting for a second approver */ StaffWithdrawalDecision;
export type ApproveStaffWithdrawalApiArg = {
  code: string;
};
export type TakeStaffWithdrawalApiResponse =
  /** status 200 The withdrawal, with who has it (takenBy) */ StaffWithdrawal;
export type TakeStaffWithdrawalApiArg = {
  code: string;
};
export type ReleaseStaffWithdrawalApiResponse = /** status 200 The withdrawal now */ StaffWithdrawal;
export type ReleaseStaffWithdrawalApiArg = {
  code: string;
};
export type RejectStaffWithdrawalApiResponse = /** status 200 Rejected */ StaffWithdrawalDecision;
export type RejectStaffWithdrawalApiArg = {
  code: string;
  staffWithdrawalReject: StaffWithdrawalReject;
};
export type ListStaffPlayersApiResponse = /** status 200 A page of players */ StaffPlayerPage;
export type ListStaffPlayersApiArg = {
  page?: number;
  pageSize?: number;
  q?: string;
};
export type GetStaffPlayerApiResponse = /** status 200 The player */ StaffPlayer;
export type GetStaffPlayerApiArg = {
  username: string;
};
export type AddStaffNoteApiResponse = /** status 201 The note */ StaffNote;
export type AddStaffNoteApiArg = {
  username: string;
  staffNoteRequest: StaffNoteRequest;
};
export type ListStaffPromotionsApiResponse = /** status 200 The promotions */ StaffPromotion[];
export type ListStaffPromotionsApiArg = void;
export type CreateStaffPromotionApiResponse = /** status 201 The new promotion */ StaffPromotion;
export type CreateStaffPromotionApiArg = {
  staffNewPromotion: StaffNewPromotion;
};
export type UpdateStaffPromotionRulesApiResponse = /** status 200 The promotion now */ StaffPromotion;
export type UpdateStaffPromotionRulesApiArg = {
  promotionId: string;
  staffPromotionRules: StaffPromotionRules;
};
export type UpdateStaffPromotionTextApiResponse =
  /** status 200 The promotion with its texts */ StaffPromotion;
export type UpdateStaffPromotionTextApiArg = {
  promotionId: string;
  staffPromotionText: StaffPromotionText;
};
export type ListAuditEntriesApiResponse = /** status 200 A page of audit rows */ AuditPage;
export type ListAuditEntriesApiArg = {
  page?: number;
  pageSize?: number;
  /** Only the rows of this actor, e.g. staff:noy or ops:root. */
  actor?: string;
  /** Only this action, or every action under it: `staff` names staff.create, staff.role… */
  action?: string;
  /** Only rows whose target contains this (case aside), e.g. a username or an order code. */
  target?: string;
  /** From this day (Asia/Vientiane), inclusive. */
  from?: string;
  /** To this day (Asia/Vientiane), inclusive; not before `from`. */
  to?: string;
};
export type ListStaffApiResponse = /** status 200 The staff */ StaffMember[];
export type ListStaffApiArg = void;
export type CreateStaffApiResponse =
  /** status 201 The account and its enrolment link */ StaffEnrolmentIssued;
export type CreateStaffApiArg = {
  createStaffRequest: CreateStaffRequest;
};
export type ListStaffDepositsApiResponse = /** status 200 A page of deposits */ StaffDepositPage;
export type ListStaffDepositsApiArg = {
  page?: number;
  pageSize?: number;
  status?: OrderStatus;
  username?: string;
};
export type ListStaffUnmatchedPaymentsApiResponse =
  /** status 200 The unmatched payments */ StaffUnmatchedPaymentList;
export type ListStaffUnmatchedPaymentsApiArg = void;
export type ApplyStaffPaymentApiResponse = /** status 200 Applied: the order is credited */ OkResponse;
export type ApplyStaffPaymentApiArg = {
  /** The bank's reference of the payment. */
  reference: string;
  staffApplyPayment: StaffApplyPayment;
};
export type RefundStaffPaymentApiResponse = /** status 200 Recorded as refunded */ OkResponse;
export type RefundStaffPaymentApiArg = {
  /** The bank's reference of the payment. */
  reference: string;
};
export type ListStaffTransfersApiResponse = /** status 200 The transfers */ StaffTransferList;
export type ListStaffTransfersApiArg = {
  /** pending: on their way; failed: refused, and pending ones stuck longer than OUTBOX_STUCK_MINUTES. */
  which?: 'pending' | 'failed';
};
export type RetryStaffTransferApiResponse = /** status 200 What the provider answered */ StaffTransferRetry;
export type RetryStaffTransferApiArg = {
  /** The provider transfer's reference (its idempotency key at the provider). */
  reference: string;
};
export type CheckStaffWalletsApiResponse =
  /** status 200 The differences; none when the money agrees */ StaffWalletCheck;
export type CheckStaffWalletsApiArg = void;
export type ListStaffGamesApiResponse = /** status 200 The games */ StaffGameList;
export type ListStaffGamesApiArg = void;
export type UpdateStaffGameApiResponse = /** status 200 The game now */ StaffGame;
export type UpdateStaffGameApiArg = {
  gameId: GameIdValue;
  staffGameChange: StaffGameChange;
};
export type EndStaffPlayerSessionsApiResponse = /** status 200 How many sessions ended */ StaffSessionsEnded;
export type EndStaffPlayerSessionsApiArg = {
  username: string;
};
export type SetStaffPlayerPromotionBlockApiResponse = /** status 200 The player now */ StaffPlayerSummary;
export type SetStaffPlayerPromotionBlockApiArg = {
  username: string;
  staffPromotionBlock: StaffPromotionBlock;
};
export type RequestStaffCreditCorrectionApiResponse =
  /** status 201 The correction, waiting for a second member */ StaffCreditCorrection;
export type RequestStaffCreditCorrectionApiArg = {
  username: string;
  staffCreditCorrectionRequest: StaffCreditCorrectionRequest;
};
export type ApproveStaffCreditCorrectionApiResponse =
  /** status 200 The correction, applied */ StaffCreditCorrection;
export type ApproveStaffCreditCorrectionApiArg = {
  correctionId: string;
};
export type RefuseStaffCreditCorrectionApiResponse =
  /** status 200 The correction, refused */ StaffCreditCorrection;
export type RefuseStaffCreditCorrectionApiArg = {
  correctionId: string;
};
export type SetStaffPlayerStatusApiResponse = /** status 200 The player now */ StaffPlayerSummary;
export type SetStaffPlayerStatusApiArg = {
  username: string;
  staffPlayerStatusChange: StaffPlayerStatusChange;
};
export type UpdateStaffPromotionApiResponse = /** status 200 The promotion now */ StaffPromotion;
export type UpdateStaffPromotionApiArg = {
  promotionId: string;
  staffPromotionChange: StaffPromotionChange;
};
export type ResetStaffApiResponse =
  /** status 200 The account, not enrolled, and its new link */ StaffEnrolmentIssued;
export type ResetStaffApiArg = {
  staffUsername: string;
};
export type SetStaffDisabledApiResponse = /** status 200 The account now */ StaffMember;
export type SetStaffDisabledApiArg = {
  staffUsername: string;
  staffDisable: StaffDisable;
};
export type SetStaffRoleApiResponse = /** status 200 The account now */ StaffMember;
export type SetStaffRoleApiArg = {
  staffUsername: string;
  staffRoleChange: StaffRoleChange;
};
export type GetStaffRewardSettingsApiResponse = /** status 200 The terms in force */ StaffRewardSettings;
export type GetStaffRewardSettingsApiArg = void;
export type UpdateStaffRewardSettingsApiResponse = /** status 200 The terms now */ StaffRewardSettings;
export type UpdateStaffRewardSettingsApiArg = {
  staffRewardSettingsChange: StaffRewardSettingsChange;
};
export type GetStaffSettingsApiResponse = /** status 200 The settings */ StaffSettings;
export type GetStaffSettingsApiArg = void;
export type UpdateStaffSettingsApiResponse = /** status 200 The settings now */ StaffSettings;
export type UpdateStaffSettingsApiArg = {
  staffSettingsChange: StaffSettingsChange;
};
export type StaffRole = 'owner' | 'operator' | 'marketing' | 'support';
export type StaffPermission =
  | 'dashboard.read'
  | 'withdrawals.read'
  | 'withdrawals.decide'
  | 'players.read'
  | 'players.manage'
  | 'promotions.edit'
  | 'audit.read'
  | 'settings.manage'
  | 'staff.manage'
  | 'payments.manage'
  | 'transfers.manage'
  | 'games.manage';
export type StaffSession = {
  username: string;
  displayName: string;
  role: StaffRole;
  permissions: StaffPermission[];
  /** A session unused this long ends. */
  idleMinutes: number;
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
export type StaffLoginRequest = {
  username: string;
  password: string;
  /** The authenticator's current 6-digit code (RFC 6238). */
  code: string;
};
export type Timestamp = string;
export type StaffEnrolment = {
  username: string;
  displayName: string;
  role: StaffRole;
  /** Base32 (RFC 6238, SHA-1, 6 digits, 30 s); a new one each time the link is opened. */
  totpSecret: string;
  otpauthUri: string;
  expiresAt: Timestamp;
};
export type StaffEnrolmentToken = {
  token: string;
};
export type StaffSignIn = {
  at: Timestamp;
  /** The address it came from. */
  address: string;
};
export type StaffLiveSession = {
  /** When it signed in. */
  at: Timestamp;
  /** The address it signed in from. */
  address: string;
  lastSeenAt: Timestamp;
};
export type StaffMember = {
  username: string;
  displayName: string;
  role: StaffRole;
  disabled: boolean;
  /** False until the member has set their password and authenticator through their link (and again after a reset). */
  enrolled: boolean;
  createdAt: Timestamp;
  /** When and from which address the member last signed in; null if never. */
  lastSignIn: null | StaffSignIn;
  /** The member's live sessions (not ended, idled out or too old), newest first. */
  sessions: StaffLiveSession[];
};
export type StaffEnrolmentCompletion = {
  token: string;
  password: string;
  /** The authenticator's current code for the secret shown last. */
  code: string;
};
export type OkResponse = {
  ok: true;
};
export type MoneyCount = {
  count: number;
  /** LAK, whole kip. */
  amount: number;
};
export type StaffDashboard = {
  /** The Vientiane calendar day. */
  day: string;
  deposits: MoneyCount;
  withdrawals: MoneyCount;
  /** Deposits credited minus withdrawals paid today, LAK. */
  net: number;
  newPlayers: number;
  /** Players signed in today. */
  activePlayers: number;
  waiting: {
    withdrawals: number;
    unmatchedPayments: number;
    failedTransfers: number;
  };
};
export type Provider = 'alphabet' | 'askmebet' | 'gclub' | 'gclub_live';
export type OrderStatus = 'OPEN' | 'PAID' | 'SUCCESS' | 'FAILED' | 'CANCELED' | 'REJECTED';
export type StaffApproval = {
  actor: string;
  at: Timestamp;
};
export type WithdrawalRiskFlag =
  | 'NEW_BANK_ACCOUNT'
  | 'PROMOTION_IN_USE'
  | 'MANY_WITHDRAWALS'
  | 'OVER_AUTOMATIC_LIMIT'
  | 'FOUR_EYES'
  | 'LINKED_ACCOUNTS'
  | 'LARGE_DEPOSITOR'
  | 'PROMOTION_ABUSER';
export type PlayerLinkKind = 'BANK_ACCOUNT' | 'BANK_HOLDER' | 'DEVICE' | 'FINGERPRINT' | 'ADDRESS';
export type LinkedPlayer = {
  username: string;
  kinds: PlayerLinkKind[];
};
export type StaffWithdrawalTaker = {
  username: string;
  displayName: string;
  since: Timestamp;
};
export type StaffWithdrawalPlayer = {
  registeredAt: Timestamp;
  /** The name the player registered with. */
  registeredName: string;
  /** Whether the bank account's holder name is the registered name (case, spaces and titles aside). */
  nameMatches: boolean;
  /** Paid deposits, all time, LAK. */
  deposited: number;
  /** Paid withdrawals, all time, LAK (this one aside). */
  withdrawn: number;
  /** The promotion in use's turnover (THB satang), or null without one. */
  turnover: null | {
    required: number;
    done: number;
  };
};
export type StaffWithdrawal = {
  code: string;
  username: string;
  provider: Provider;
  /** LAK, whole kip. */
  amount: number;
  /** THB credit, satang. */
  credit: number;
  status: OrderStatus;
  bank: string;
  accountNumber: string;
  accountName: string;
  createdAt: Timestamp;
  reviewReason:
    | (
        | 'AUTOMATIC_OFF'
        | 'OVER_AUTOMATIC_LIMIT'
        | 'PROMOTION_IN_USE'
        | 'NEW_BANK_ACCOUNT'
        | 'MANY_WITHDRAWALS'
        | 'RISK_REVIEW'
        | null
      )
    | (
        | 'AUTOMATIC_OFF'
        | 'OVER_AUTOMATIC_LIMIT'
        | 'PROMOTION_IN_USE'
        | 'NEW_BANK_ACCOUNT'
        | 'MANY_WITHDRAWALS'
        | 'RISK_REVIEW'
        | null
      );
  approvals: StaffApproval[];
  approvalsNeeded: number;
  riskFlags: WithdrawalRiskFlag[];
  /** Players linked to this withdrawal's player now, and by what. */
  linkedPlayers: LinkedPlayer[];
  /** For a withdrawal left to staff, when they are expected to have decided (created + WITHDRAW_REVIEW_MINUTES): overdue after it. Null otherwise. */
  reviewBy: null | Timestamp;
  /** The member working on it now (takeStaffWithdrawal), or null. */
  takenBy: null | StaffWithdrawalTaker;
  player: StaffWithdrawalPlayer;
};
export type StaffWithdrawalPage = {
  items: StaffWithdrawal[];
  page: number;
  pageSize: number;
  total: number;
};
export type StaffWithdrawalDecision = {
  outcome: 'PAID' | 'AWAITING_SECOND_APPROVAL' | 'REJECTED';
  withdrawal: StaffWithdrawal;
};
export type WithdrawalRejectReason =
  'BANK_DETAILS_WRONG' | 'NAME_MISMATCH' | 'LINKED_ACCOUNTS' | 'PROMOTION_TERMS' | 'PLAYER_REQUEST' | 'OTHER';
export type StaffWithdrawalReject = {
  reason: WithdrawalRejectReason;
};
export type StaffPlayerSummary = {
  username: string;
  displayName: string;
  status: 'ACTIVE' | 'BLOCKED';
  promotionBlocked: boolean;
  createdAt: Timestamp;
  lastLoginAt: string | null;
};
export type StaffPlayerPage = {
  items: StaffPlayerSummary[];
  page: number;
  pageSize: number;
  total: number;
};
export type StaffCreditCorrection = {
  id: string;
  username: string;
  provider: Provider;
  /** THB satang. */
  amount: number;
  reason: string;
  status: 'PENDING' | 'APPLIED' | 'REFUSED';
  /** staff:<username> */
  requestedBy: string;
  requestedAt: Timestamp;
  decidedBy: string | null;
  decidedAt: null | Timestamp;
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
export type BankCode = 'bcel' | 'jdb' | 'ldb' | 'indochina' | 'kasikam' | 'lvb';
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
export type LimitKind = 'DEPOSIT' | 'LOSS' | 'PLAY_TIME';
export type LimitPeriod = 'DAY' | 'WEEK' | 'MONTH';
export type StaffNote = {
  author: string;
  text: string;
  createdAt: Timestamp;
};
export type RewardKind = 'CASHBACK' | 'CHECK_IN' | 'REFERRAL';
export type StaffPlayer = {
  player: StaffPlayerSummary;
  /** The latest 20 credit corrections asked for, newest first. */
  corrections: StaffCreditCorrection[];
  /** Players linked to this one, and by what (docs/backoffice.md, "Linked accounts and risk"). */
  linkedPlayers: LinkedPlayer[];
  /** The latest 20 game rounds at seamless providers, newest first. */
  rounds: BetRound[];
  bankAccount: null | {
    bank: string;
    accountNumber: string;
    accountName: string;
    createdAt: Timestamp;
  };
  credits: {
    provider: Provider;
    /** Booked in the ledger, satang. */
    credit: number;
  }[];
  /** The latest 20 deposits and withdrawals. */
  orders: Order[];
  /** The limits the player set, as in force now (read-only: staff never shorten or lift them). PLAY_TIME in minutes, the others LAK. */
  limits: {
    kind: LimitKind;
    period: LimitPeriod;
    amount: number | null;
    /** A raise or removal waits for its cooling-off period and the player's confirmation. */
    pending: boolean;
  }[];
  exclusions: {
    kind: 'TIME_OUT' | 'SELF_EXCLUSION';
    until: Timestamp;
  }[];
  sessions: {
    createdAt: Timestamp;
    lastSeenAt: Timestamp;
    ip: string;
  }[];
  notes: StaffNote[];
  /** The player's latest 20 promotion usages, newest first. */
  promotions: {
    promotionId: string;
    provider: Provider;
    status: 'ACTIVE' | 'INACTIVE' | 'SUCCESS' | 'CANCELED' | 'USED';
    /** LAK. */
    depositAmount: number;
    /** THB satang. */
    bonusCredit: number;
    usedAt: Timestamp;
    endedAt: string | null;
  }[];
  /** The player's latest 20 rewards credited (cashback, check-in, referral), newest first. */
  rewards: {
    kind: RewardKind;
    provider: Provider;
    /** THB satang. */
    amount: number;
    /** Stakes required before its credit may leave the provider, THB satang. */
    turnoverRequired: number;
    /** Stakes counted so far (at most the required), THB satang. */
    turnoverDone: number;
    creditedAt: Timestamp;
  }[];
};
export type StaffNoteRequest = {
  text: string;
};
export type Language = 'lo' | 'th' | 'cn' | 'vn';
export type StaffPromotionText = {
  lang: Language;
  title: string;
  description: string;
};
export type StaffPromotionRules = {
  /** The deposit it requires, LAK (within the deposit bounds). */
  depositAmount: number;
  /** Bonus as a percentage of the deposited credit. */
  bonusPercent: number;
  /** THB satang. */
  maxBonusCredit: number;
  /** Stakes needed before withdrawing, as a multiple of deposit plus bonus. */
  turnover: number;
  firstOrderOnly: boolean;
  /** A withdrawal must take all the credit. */
  withdrawAll: boolean;
  /** No claim while the provider credit is at or above this, THB satang (0 would refuse every claim). */
  creditThreshold: number;
  /** Each player may use it once. */
  oneTime: boolean;
  /** While in use, a withdrawal pays at most this percentage of the credit received. */
  maxWithdrawPercent: number;
  /** While in use, the least credit a withdrawal needs, THB satang. */
  minWithdrawCredit: number;
};
export type StaffPromotion = {
  id: string;
  status: string;
  endsAt: string | null;
  imageUrl: string | null;
  texts: StaffPromotionText[];
  rules: StaffPromotionRules;
  /** A player has claimed it: its rules can no longer change. */
  claimed: boolean;
};
export type StaffNewPromotion = {
  /** Lower-case letters, digits and dashes, as in its address /player/promotion/<id>. */
  id: string;
  /** The Lao title. */
  title: string;
  /** The Lao description. */
  description: string;
  endsAt: string;
  imageUrl?: string;
  rules: StaffPromotionRules;
};
export type AuditEntry = {
  seq: number;
  at: Timestamp;
  /** "staff:<username>" or "ops:<system user>". */
  actor: string;
  action: string;
  target: string;
  /** The values before, as JSON, or null. */
  before: any;
  /** The values after, as JSON, or null. */
  after: any;
  address: string;
};
export type AuditChain = {
  intact: boolean;
  /** Rows checked. */
  rows: number;
  /** The first row whose hash does not follow, or null. */
  brokenAt: number | null;
};
export type AuditPage = {
  items: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
  chain: AuditChain;
};
export type StaffEnrolmentIssued = {
  staff: StaffMember;
  enrolment: {
    /** The enrolment page with its one-time token, e.g. /backoffice/enrol/4Jx…: for the member alone; shown once. */
    path: string;
    expiresAt: Timestamp;
  };
};
export type CreateStaffRequest = {
  username: string;
  displayName: string;
  role: StaffRole;
};
export type StaffDeposit = {
  username: string;
  order: Order;
};
export type StaffDepositPage = {
  items: StaffDeposit[];
  page: number;
  pageSize: number;
  total: number;
};
export type StaffPaymentCandidate = {
  code: string;
  username: string;
  /** LAK whole kip. */
  amount: number;
  status: OrderStatus;
  createdAt: Timestamp;
  /** The bill number is within two characters of this order's code. */
  closeReference: boolean;
};
export type StaffUnmatchedPayment = {
  reference: string;
  /** The bill number the payer sent, which matched no open order. */
  billNumber: string;
  /** Minor units of currency (LAK whole kip). */
  amount: number;
  currency: string;
  paidAt: Timestamp;
  receivedAt: Timestamp;
  /** Deposit orders the payment may belong to, best first: the same amount and currency, not credited, still creditable, made from 24 hours before the payment to 1 hour after it; an order whose code is within two characters of the bill number first (the payer mistyped it), then the nearest in time. */
  candidates: StaffPaymentCandidate[];
};
export type StaffUnmatchedPaymentList = {
  items: StaffUnmatchedPayment[];
};
export type StaffApplyPayment = {
  /** The deposit order the payment belongs to. */
  code: string;
};
export type StaffTransfer = {
  reference: string;
  provider: Provider;
  username: string;
  direction: 'IN' | 'OUT';
  /** THB credit, satang. */
  amount: number;
  kind: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  lastError: string | null;
  createdAt: Timestamp;
  nextAttemptAt: Timestamp;
  /** Pending longer than OUTBOX_STUCK_MINUTES. */
  stuck: boolean;
};
export type StaffTransferList = {
  items: StaffTransfer[];
};
export type StaffTransferRetry = {
  /** PENDING: the provider did not answer; it is tried again later. SKIPPED: another worker holds it now. */
  delivery: 'DELIVERED' | 'FAILED' | 'PENDING' | 'SKIPPED';
};
export type StaffWalletCheck = {
  /** Transfer providers: the ledger against each wallet. Seamless: the ledger against the rounds. */
  differences: string[];
  /** Seamless rounds still open 24 hours after they opened (a provider that never ended them). */
  openRounds: {
    username: string;
    round: BetRound;
  }[];
  /** Rollbacks of bets never received; such a bet arriving later is refused. */
  tombstones: {
    provider: Provider;
    betTransactionId: string;
    rollbackTransactionId: string;
    roundId: string;
    createdAt: Timestamp;
  }[];
};
export type GameIdValue = string;
export type GameCategory = 'slot' | 'sport' | 'casino' | 'fish' | 'card' | 'chicken';
export type StaffGame = {
  id: GameIdValue;
  provider: Provider;
  category: GameCategory;
  name: string;
  thumbnail: string;
  isNew: boolean;
  isHot: boolean;
  order: number;
  opensIn: 'frame' | 'tab';
  enabled: boolean;
};
export type StaffGameList = {
  games: StaffGame[];
};
export type StaffGameChange = {
  enabled?: boolean;
  order?: number;
  isNew?: boolean;
  isHot?: boolean;
};
export type StaffSessionsEnded = {
  ended: number;
};
export type StaffPromotionBlock = {
  blocked: boolean;
};
export type StaffCreditCorrectionRequest = {
  provider: Provider;
  /** THB satang; positive credits the player, negative takes credit back. */
  amount: number;
  reason: string;
};
export type StaffPlayerStatusChange = {
  status: 'ACTIVE' | 'BLOCKED';
  /** Why, kept in the audit log. */
  reason: string;
};
export type StaffPromotionChange = {
  endsAt?: string;
  /** A same-origin path, e.g. /promotions/x.svg. */
  imageUrl?: string;
};
export type StaffDisable = {
  disabled: boolean;
};
export type StaffRoleChange = {
  role: StaffRole;
};
export type StaffCashbackTerms = {
  enabled: boolean;
  /** Of the net loss, in hundredths of a percent. */
  rateBasisPoints: number;
  period: 'DAY' | 'WEEK';
  /** Satang. */
  minLoss: number;
  /** Satang. */
  maxPayment: number;
  /** Multiple of a payment to stake before it can leave its provider. */
  turnover: number;
  payment: 'AUTO' | 'CLAIM';
};
export type StaffCheckInTerms = {
  enabled: boolean;
  /** Satang. */
  dayReward: number;
  streakDays: number;
  /** Satang. */
  streakBonus: number;
  /** LAK, the day's deposits. */
  minDeposit: number;
  /** Satang, the day's stakes. */
  minTurnover: number;
  turnover: number;
};
export type StaffReferralTerms = {
  enabled: boolean;
  basis: 'STAKES' | 'NET_LOSS';
  rateBasisPoints: number;
  /** Satang. */
  monthlyCap: number;
  turnover: number;
};
export type CashbackPeriodChange = {
  period: 'DAY' | 'WEEK';
  from: Timestamp;
};
export type StaffRewardSettings = {
  cashback: StaffCashbackTerms;
  checkIn: StaffCheckInTerms;
  referral: StaffReferralTerms;
  cashbackPeriodChange?: CashbackPeriodChange;
};
export type StaffCashbackChange = {
  enabled?: boolean;
  /** Of the net loss, in hundredths of a percent. */
  rateBasisPoints?: number;
  period?: 'DAY' | 'WEEK';
  /** Satang. */
  minLoss?: number;
  /** Satang. */
  maxPayment?: number;
  /** Multiple of a payment to stake before it can leave its provider. */
  turnover?: number;
  payment?: 'AUTO' | 'CLAIM';
};
export type StaffCheckInChange = {
  enabled?: boolean;
  /** Satang. */
  dayReward?: number;
  streakDays?: number;
  /** Satang. */
  streakBonus?: number;
  /** LAK, the day's deposits. */
  minDeposit?: number;
  /** Satang, the day's stakes. */
  minTurnover?: number;
  turnover?: number;
};
export type StaffReferralChange = {
  enabled?: boolean;
  basis?: 'STAKES' | 'NET_LOSS';
  rateBasisPoints?: number;
  /** Satang. */
  monthlyCap?: number;
  turnover?: number;
};
export type StaffRewardSettingsChange = {
  cashback?: StaffCashbackChange;
  checkIn?: StaffCheckInChange;
  referral?: StaffReferralChange;
};
export type StaffSettings = {
  /** Withdrawals of more credit than this (satang) need two approvers; null turns four eyes off. Never below the automatic limit in force (FOUR_EYES_BELOW_AUTOMATIC). */
  fourEyesAboveCredit: number | null;
  /** Withdrawals of at most this credit (satang) are paid without staff when no risk flag holds them; 0 turns automatic payouts off; null: the server's default. */
  automaticWithdrawMaxCredit: number | null;
  /** The server's default automatic limit (AUTO_WITHDRAW_MAX_SATANG), used while automaticWithdrawMaxCredit is null. */
  automaticWithdrawDefaultCredit: number;
  /** The smallest deposit (whole kip); null: the server's DEPOSIT_MIN_LAK. */
  depositMinLak: number | null;
  /** The largest deposit (whole kip); null: the server's DEPOSIT_MAX_LAK. */
  depositMaxLak: number | null;
  depositDefaultMinLak: number;
  depositDefaultMaxLak: number;
};
export type StaffSettingsChange = {
  fourEyesAboveCredit?: number | null;
  automaticWithdrawMaxCredit?: number | null;
  depositMinLak?: number | null;
  depositMaxLak?: number | null;
};
export const {
  useGetStaffSessionQuery,
  useLazyGetStaffSessionQuery,
  useLoginStaffMutation,
  useShowStaffEnrolmentMutation,
  useCompleteStaffEnrolmentMutation,
  useLogoutStaffMutation,
  useGetStaffDashboardQuery,
  useLazyGetStaffDashboardQuery,
  useListStaffWithdrawalsQuery,
  useLazyListStaffWithdrawalsQuery,
  useApproveStaffWithdrawalMutation,
  useTakeStaffWithdrawalMutation,
  useReleaseStaffWithdrawalMutation,
  useRejectStaffWithdrawalMutation,
  useListStaffPlayersQuery,
  useLazyListStaffPlayersQuery,
  useGetStaffPlayerQuery,
  useLazyGetStaffPlayerQuery,
  useAddStaffNoteMutation,
  useListStaffPromotionsQuery,
  useLazyListStaffPromotionsQuery,
  useCreateStaffPromotionMutation,
  useUpdateStaffPromotionRulesMutation,
  useUpdateStaffPromotionTextMutation,
  useListAuditEntriesQuery,
  useLazyListAuditEntriesQuery,
  useListStaffQuery,
  useLazyListStaffQuery,
  useCreateStaffMutation,
  useListStaffDepositsQuery,
  useLazyListStaffDepositsQuery,
  useListStaffUnmatchedPaymentsQuery,
  useLazyListStaffUnmatchedPaymentsQuery,
  useApplyStaffPaymentMutation,
  useRefundStaffPaymentMutation,
  useListStaffTransfersQuery,
  useLazyListStaffTransfersQuery,
  useRetryStaffTransferMutation,
  useCheckStaffWalletsQuery,
  useLazyCheckStaffWalletsQuery,
  useListStaffGamesQuery,
  useLazyListStaffGamesQuery,
  useUpdateStaffGameMutation,
  useEndStaffPlayerSessionsMutation,
  useSetStaffPlayerPromotionBlockMutation,
  useRequestStaffCreditCorrectionMutation,
  useApproveStaffCreditCorrectionMutation,
  useRefuseStaffCreditCorrectionMutation,
  useSetStaffPlayerStatusMutation,
  useUpdateStaffPromotionMutation,
  useResetStaffMutation,
  useSetStaffDisabledMutation,
  useSetStaffRoleMutation,
  useGetStaffRewardSettingsQuery,
  useLazyGetStaffRewardSettingsQuery,
  useUpdateStaffRewardSettingsMutation,
  useGetStaffSettingsQuery,
  useLazyGetStaffSettingsQuery,
  useUpdateStaffSettingsMutation,
} = injectedRtkApi;
