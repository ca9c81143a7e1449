import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  useGetAgencyInfoQuery,
  useGetCurrentPromotionQuery,
  useGetPlayerProfileQuery,
  useGetPromotionQuery,
  useListBankAccountsQuery,
  useListBanksQuery,
  useListCurrenciesQuery,
  useListOpenDepositsQuery,
  type DepositQr,
  type DepositWithQrResponse,
  type Order,
  type PromotionUsage,
} from '@/api';
import { HOME_PROVIDER } from '@core/providers';
import { DepositForm } from './DepositForm';
import { isProvider, readLastDeposit, rememberDeposit, type DepositChoice } from './lastDeposit';
import { OpenDepositCard } from './OpenDepositCard';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { usePostedForm } from '@/ui/form/formPost';
import { formatMinor } from '@/lib/format';
import { Alert } from 'antd';
import { PageFrame } from '@/ui/PageFrame';
import { selectLanguage } from '@/i18n/localeSlice';
import { useAppSelector } from '@/lib/storeHooks';

/**
 * The QR dialog (antd's Modal, the QR's drawing) is no part of the form's first paint: its code loads at
 * the player's first tap or focus on the page (a deposit may follow), or when a deposit is shown.
 */
const loadDialog = () => import('./DepositDialog');
const DepositDialog = lazy(loadDialog);

/** The form, drawn again only when its answers change (see `answers` below). */
const Form = memo(DepositForm);
const NONE: readonly never[] = [];

/** The query parameter naming the provider the player came from (a lobby, a game): chosen first. */
export const PROVIDER_PARAM = 'provider';

/** The order shown in the dialog; kept here so the success state outlives the open-order list refetch. */
interface ShownOrder {
  order: Order;
  qr?: DepositQr;
}

/** The deposit the claimed promotion waits for (the form fixes its provider and amount): its bonus shows. */
function qualifies(order: Order, waiting: PromotionUsage | undefined): boolean {
  return waiting?.provider === order.provider && waiting.depositAmount === order.amount;
}

export default function DepositPage() {
  const { t } = useTranslation('money');
  const agency = useGetAgencyInfoQuery();
  const openDeposits = useListOpenDepositsQuery();
  const currencies = useListCurrenciesQuery();
  const banks = useListBanksQuery();
  const accounts = useListBankAccountsQuery();
  // Promotion texts come in the player's language.
  const lang = useAppSelector(selectLanguage);
  const current = useGetCurrentPromotionQuery({ lang });
  // A claimed promotion waiting for its deposit: its terms price the bonus the credit preview adds.
  const waiting = current.data?.usage?.status === 'ACTIVE' ? current.data.usage : undefined;
  const promotion = useGetPromotionQuery(
    { promotionId: waiting?.promotionId ?? '', lang },
    { skip: !waiting },
  );
  const [shown, setShown] = useState<ShownOrder | null>(null);
  const [search, setSearch] = useSearchParams();
  const playerId = useGetPlayerProfileQuery().data?.player.id;
  const stored = useMemo(() => readLastDeposit(playerId), [playerId]);
  // This page's own last deposit, once there is one: the stored choice was read before it.
  const [made, setMade] = useState<DepositChoice | null>(null);
  const last = made ?? stored;
  // The provider the player came from, else the one of their last deposit here, else (a first deposit) the
  // site's home provider, whose lobby Play now opens: one tap less to a first round (issue 50). A promotion
  // in use fixes it.
  const cameFrom = search.get(PROVIDER_PARAM);
  const provider = isProvider(cameFrom) ? cameFrom : (last.provider ?? HOME_PROVIDER);
  // Kept for the next deposit: in the address (the form drawn again after this one starts with it) and on
  // the device (the next visit).
  const onCreated = useCallback(
    (created: DepositWithQrResponse) => {
      const { order } = created;
      const choice = { provider: order.provider, bank: order.bank };
      if (playerId) rememberDeposit(playerId, choice);
      setMade(choice);
      setSearch({ [PROVIDER_PARAM]: order.provider }, { replace: true });
      setShown(created);
    },
    [playerId, setSearch],
  );
  useEffect(() => {
    const load = () => void loadDialog();
    const events = ['pointerdown', 'focusin'] as const;
    events.forEach((event) => document.addEventListener(event, load, { once: true, capture: true }));
    return () => events.forEach((event) => document.removeEventListener(event, load, { capture: true }));
  }, []);

  // A payment checked by a post (a browser without the app): the server answered with the credit added.
  const checked = usePostedForm('depositCheck').answer?.result;

  const queries = [agency, openDeposits, currencies, banks, accounts, current];
  const error = queries.find((q) => q.error)?.error;
  const loading = queries.some((q) => q.isLoading);
  const openOrder = openDeposits.data?.orders[0];
  const sandbox = agency.data?.agency.sandbox ?? false;

  const ready = !loading && agency.data !== undefined;
  const limits = ready ? agency.data?.agency.limits.deposit : undefined;
  const usage = current.data?.usage ?? undefined;
  const bonus = waiting ? promotion.data?.promotion : undefined;
  // The answers reach the form in React's deferred render, drawn in slices the browser can interrupt:
  // each arriving answer would otherwise redraw the whole form in one task.
  const answers = useDeferredValue(
    useMemo(
      () => ({
        limits,
        currencies: currencies.data?.currencies ?? NONE,
        banks: banks.data?.banks ?? NONE,
        // The bank of the player's own account, else the one they paid from last time (if still offered).
        playerBank:
          accounts.data?.bankAccounts[0]?.bank ?? banks.data?.banks.find((b) => b.code === last.bank)?.code,
        provider,
        usage,
        bonus,
      }),
      [limits, currencies.data, banks.data, accounts.data, last.bank, provider, usage, bonus],
    ),
  );

  return (
    <PageFrame title={t('deposit.title')} width="form">
      {checked && (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          title={t('deposit.dialog.successTitle')}
          description={t('deposit.dialog.successCredit', {
            credit: formatMinor(Number(checked.credit), 'THB'),
          })}
        />
      )}
      {error ? (
        <ErrorBlock error={error} />
      ) : openOrder ? (
        <OpenDepositCard order={openOrder} onOpen={() => setShown({ order: openOrder })} />
      ) : (
        // Drawn before the answers (sending waits for them): the first paint is the form itself. A promotion
        // in use fixes the provider and the amount: its form starts afresh with them.
        <Form key={answers.usage?.usageId ?? 'no-promotion'} {...answers} onCreated={onCreated} />
      )}
      {shown && (
        <Suspense fallback={null}>
          <DepositDialog
            order={shown.order}
            qr={shown.qr}
            sandbox={sandbox}
            bonus={qualifies(shown.order, waiting) ? bonus : undefined}
            onClose={() => setShown(null)}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
