import { generatedBackofficeApi } from './generated';

/**
 * The back office's cache policy, in one place. The generated endpoints provide and invalidate their own
 * contract tag; a decision or a change also shows at once on the dashboard and in the audit log.
 */
export const backofficeApi = generatedBackofficeApi.enhanceEndpoints({
  endpoints: {
    // A refused sign-in changes no session: reading it again would only blank the form's answer.
    loginStaff: { invalidatesTags: (result) => (result ? ['StaffSession'] : []) },
    approveStaffWithdrawal: {
      invalidatesTags: ['StaffWithdrawal', 'StaffDashboard', 'StaffAudit', 'StaffPlayer'],
    },
    rejectStaffWithdrawal: {
      invalidatesTags: ['StaffWithdrawal', 'StaffDashboard', 'StaffAudit', 'StaffPlayer'],
    },
    // Presence, not a change: the queue hears a new holder as the order's staff event.
    takeStaffWithdrawal: { invalidatesTags: [] },
    releaseStaffWithdrawal: { invalidatesTags: [] },
    addStaffNote: { invalidatesTags: ['StaffPlayer', 'StaffAudit'] },
    updateStaffPromotionText: { invalidatesTags: ['StaffPromotion', 'StaffAudit'] },
    createStaff: { invalidatesTags: ['StaffAdmin', 'StaffAudit'] },
    resetStaff: { invalidatesTags: ['StaffAdmin', 'StaffAudit'] },
    // The enrolment page has no session: nothing it does changes what a signed-in screen holds.
    showStaffEnrolment: { invalidatesTags: [] },
    completeStaffEnrolment: { invalidatesTags: [] },
    updateStaffSettings: { invalidatesTags: ['StaffAdmin', 'StaffWithdrawal', 'StaffAudit'] },
    applyStaffPayment: { invalidatesTags: ['StaffPayment', 'StaffDashboard', 'StaffAudit', 'StaffPlayer'] },
    refundStaffPayment: { invalidatesTags: ['StaffPayment', 'StaffDashboard', 'StaffAudit'] },
    retryStaffTransfer: { invalidatesTags: ['StaffTransfer', 'StaffDashboard', 'StaffAudit'] },
    // The wallets are asked on demand (one call per player and provider): never read again by itself.
    checkStaffWallets: { keepUnusedDataFor: 0 },
    updateStaffGame: { invalidatesTags: ['StaffGame', 'StaffAudit'] },
    endStaffPlayerSessions: { invalidatesTags: ['StaffPlayer', 'StaffAudit'] },
    setStaffPlayerPromotionBlock: { invalidatesTags: ['StaffPlayer', 'StaffAudit'] },
    setStaffPlayerStatus: { invalidatesTags: ['StaffPlayer', 'StaffAudit'] },
    requestStaffCreditCorrection: { invalidatesTags: ['StaffPlayer', 'StaffAudit'] },
    approveStaffCreditCorrection: { invalidatesTags: ['StaffPlayer', 'StaffAudit', 'StaffDashboard'] },
    refuseStaffCreditCorrection: { invalidatesTags: ['StaffPlayer', 'StaffAudit'] },
    updateStaffPromotion: { invalidatesTags: ['StaffPromotion', 'StaffAudit'] },
    createStaffPromotion: { invalidatesTags: ['StaffPromotion', 'StaffAudit'] },
    updateStaffPromotionRules: { invalidatesTags: ['StaffPromotion', 'StaffAudit'] },
    setStaffDisabled: { invalidatesTags: ['StaffAdmin', 'StaffAudit'] },
    setStaffRole: { invalidatesTags: ['StaffAdmin', 'StaffAudit'] },
    updateStaffRewardSettings: { invalidatesTags: ['StaffAdmin', 'StaffAudit'] },
  },
});

export const {
  useGetStaffSessionQuery,
  useLoginStaffMutation,
  useLogoutStaffMutation,
  useGetStaffDashboardQuery,
  useListStaffWithdrawalsQuery,
  useApproveStaffWithdrawalMutation,
  useRejectStaffWithdrawalMutation,
  useListStaffPlayersQuery,
  useGetStaffPlayerQuery,
  useAddStaffNoteMutation,
  useListStaffPromotionsQuery,
  useUpdateStaffPromotionTextMutation,
  useListAuditEntriesQuery,
  useListStaffQuery,
  useCreateStaffMutation,
  useResetStaffMutation,
  useShowStaffEnrolmentMutation,
  useCompleteStaffEnrolmentMutation,
  useGetStaffSettingsQuery,
  useUpdateStaffSettingsMutation,
  useListStaffDepositsQuery,
  useListStaffUnmatchedPaymentsQuery,
  useApplyStaffPaymentMutation,
  useRefundStaffPaymentMutation,
  useListStaffTransfersQuery,
  useRetryStaffTransferMutation,
  useLazyCheckStaffWalletsQuery,
  useListStaffGamesQuery,
  useUpdateStaffGameMutation,
  useEndStaffPlayerSessionsMutation,
  useSetStaffPlayerPromotionBlockMutation,
  useSetStaffPlayerStatusMutation,
  useUpdateStaffPromotionMutation,
  useCreateStaffPromotionMutation,
  useUpdateStaffPromotionRulesMutation,
  useSetStaffDisabledMutation,
  useSetStaffRoleMutation,
  useRequestStaffCreditCorrectionMutation,
  useApproveStaffCreditCorrectionMutation,
  useRefuseStaffCreditCorrectionMutation,
  useTakeStaffWithdrawalMutation,
  useReleaseStaffWithdrawalMutation,
  useGetStaffRewardSettingsQuery,
  useUpdateStaffRewardSettingsMutation,
} = backofficeApi;

export type {
  AuditEntry,
  LinkedPlayer,
  StaffDeposit,
  StaffGame,
  StaffTransfer,
  StaffUnmatchedPayment,
  StaffPermission,
  StaffPlayer,
  StaffPromotion,
  StaffSession,
  StaffWithdrawal,
  StaffWithdrawalReject,
} from './generated';

/** The contract's error code of a failed call, if the server answered one. */
export function errorCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}
