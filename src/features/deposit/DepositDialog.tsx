import { useEffect, useRef, useState } from 'react';
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import ShareAltOutlined from '@ant-design/icons-svg/es/asn/ShareAltOutlined';
import { Alert, Button, Descriptions, Flex, Input, Modal, Popconfirm, QRCode, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Typography } from '@/ui/Typography';
import {
  apiErrorCode,
  apiErrorKey,
  useCancelDepositMutation,
  useCheckDepositMutation,
  useGetDepositQrQuery,
  useListOpenDepositsQuery,
  type DepositQr,
  type Order,
} from '@/api';
import { promotionBonus, type BonusTerms } from '@core/bonus';
import { formatMinor } from '@/lib/format';
import { selectOrderEventsLive, selectPushedOrders } from '@/lib/orderEventsSlice';
import { useAppSelector } from '@/lib/storeHooks';
import { canShareImages, downloadFile, qrPngFile, shareImage } from './qrImage';
import { formatMmSs, useCountdown } from './useCountdown';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { SvgIcon } from '@/ui/SvgIcon';
import cta from '@/ui/Cta.module.css';
import { ErrorBlock } from '@/ui/ErrorBlock';
import '@build/antd/antd-modal.css';
import { RESULT_ICONS, STATUS_ICONS } from '@/ui/statusIcons';
import styles from './DepositDialog.module.css';

interface DepositDialogProps {
  order: Order;
  /** Known right after creation; fetched again when an open order is reopened. */
  qr?: DepositQr;
  sandbox: boolean;
  /** The claimed promotion this deposit qualifies for: its bonus is shown as the form's preview showed it. */
  bonus?: BonusTerms;
  onClose: () => void;
}

export default function DepositDialog(props: DepositDialogProps) {
  const { order, qr: createdQr, sandbox, bonus, onClose } = props;
  const { t } = useTranslation('money');
  const fetched = useGetDepositQrQuery({ code: order.code }, { skip: Boolean(createdQr) });
  const qr = createdQr ?? fetched.data;
  const [checkDeposit, check] = useCheckDepositMutation();
  // The polling fallback's own check: its "not paid yet" is no news for the player.
  const [pollCheck, polled] = useCheckDepositMutation();
  const [cancelDeposit, cancel] = useCancelDepositMutation();
  const [askingToClose, setAskingToClose] = useState(false);
  // Pushed by the server as soon as the payment is applied (app/orderEvents.ts): no Check needed.
  const pushed = useAppSelector(selectPushedOrders)[order.code];
  const live = useAppSelector(selectOrderEventsLive);

  const credited = [pushed, check.data?.order, polled.data?.order].find((o) => o?.status === 'SUCCESS');
  const canceled = cancel.isSuccess;
  const finished = Boolean(credited) || canceled;
  usePaymentPolling(order.code, !live && !finished, () => void pollCheck({ code: order.code }));
  const actionError = check.error ?? cancel.error ?? fetched.error;

  // Closing an unpaid order needs a confirmation: a player who has paid must press Check first (docs/player-site.md §2).
  const requestClose = () => (finished ? onClose() : setAskingToClose(true));

  return (
    <Modal
      open
      title={credited ? t('deposit.dialog.receivedTitle') : t('deposit.dialog.title')}
      onCancel={requestClose}
      footer={null}
      mask={{ closable: false }}
      closable={{ 'aria-label': t('deposit.dialog.close') }}
      width={440}
      centered
    >
      {credited ? (
        <Result
          status="success"
          icon={RESULT_ICONS.success}
          title={t('deposit.dialog.successTitle')}
          subTitle={
            <Flex vertical gap={4}>
              <span>
                {t('deposit.dialog.successCredit', {
                  credit: formatMinor(credited.credit + (credited.bonusCredit ?? 0), 'THB'),
                })}
              </span>
              {(credited.bonusCredit ?? 0) > 0 && (
                <span>
                  {t('deposit.dialog.successBonus', { bonus: formatMinor(credited.bonusCredit ?? 0, 'THB') })}
                </span>
              )}
              <span>{credited.code}</span>
            </Flex>
          }
          extra={
            // Straight on to the provider the credit went to: the lobby of its games.
            <Flex gap={8} wrap justify="center">
              <Link to={`/player/game/${credited.provider}`} className={`${cta.cta} ${cta['cta--primary']}`}>
                {t('deposit.dialog.playNow')}
              </Link>
              <Button size="large" onClick={onClose}>
                {t('deposit.dialog.done')}
              </Button>
            </Flex>
          }
        />
      ) : canceled ? (
        <Result
          status="info"
          icon={RESULT_ICONS.info}
          title={t('deposit.dialog.canceled')}
          extra={<Button onClick={onClose}>{t('deposit.dialog.done')}</Button>}
        />
      ) : !qr ? (
        fetched.error ? (
          <ErrorBlock error={fetched.error} />
        ) : (
          <LoadingBlock />
        )
      ) : (
        <PaymentDetails
          order={order}
          qr={qr}
          checking={check.isLoading}
          canceling={cancel.isLoading}
          notPaid={apiErrorCode(check.error) === 'DEPOSIT_NOT_PAID'}
          errorKey={
            actionError && apiErrorCode(actionError) !== 'DEPOSIT_NOT_PAID'
              ? apiErrorKey(actionError)
              : undefined
          }
          sandbox={sandbox}
          bonusCredit={bonus ? promotionBonus(order.credit, bonus) : 0}
          onCheck={() => void checkDeposit({ code: order.code })}
          onCancel={() => void cancelDeposit({ code: order.code })}
        />
      )}
      <Modal
        open={askingToClose}
        title={t('deposit.dialog.confirmCloseTitle')}
        okText={t('deposit.dialog.confirmClose')}
        cancelText={t('deposit.dialog.keepOpen')}
        onOk={() => {
          setAskingToClose(false);
          onClose();
        }}
        onCancel={() => setAskingToClose(false)}
        centered
      >
        <Typography.Paragraph>{t('deposit.dialog.confirmCloseText')}</Typography.Paragraph>
      </Modal>
    </Modal>
  );
}

/** How often the open deposits are asked about while no live event can tell the payment. */
export const PAYMENT_POLL_MS = 5000;

/**
 * The fallback when live events are down (no EventSource, or it keeps failing): while the dialog waits,
 * the open deposits are read every PAYMENT_POLL_MS; once this order is no longer among them (paid, or
 * closed otherwise), `onGone` asks for its state once.
 */
function usePaymentPolling(code: string, active: boolean, onGone: () => void): void {
  const [since] = useState(Date.now);
  const asked = useRef(false);
  const open = useListOpenDepositsQuery(undefined, {
    pollingInterval: active ? PAYMENT_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  // Only an answer that came after the dialog opened counts: an older list may predate the order.
  const fresh = !open.isFetching && (open.fulfilledTimeStamp ?? 0) > since;
  const gone = fresh && open.data !== undefined && !open.data.orders.some((o) => o.code === code);
  useEffect(() => {
    if (!active || !gone || asked.current) return;
    asked.current = true;
    onGone();
  }, [active, gone, onGone]);
}

interface PaymentDetailsProps {
  order: Order;
  qr: DepositQr;
  checking: boolean;
  canceling: boolean;
  notPaid: boolean;
  errorKey?: string;
  sandbox: boolean;
  /** THB satang the promotion adds on success; 0 without one. */
  bonusCredit: number;
  onCheck: () => void;
  onCancel: () => void;
}

function PaymentDetails(props: PaymentDetailsProps) {
  const { order, qr, checking, canceling, notPaid, errorKey, sandbox, bonusCredit, onCheck, onCancel } =
    props;
  const { t } = useTranslation('money');
  const secondsLeft = useCountdown(qr.expiresAt);
  const [copied, setCopied] = useState<'qr' | 'amount' | null>(null);
  const [imageFailed, setImageFailed] = useState(false);
  const qrBox = useRef<HTMLDivElement>(null);
  const [sharing] = useState(canShareImages);

  const copy = async (what: 'qr' | 'amount') => {
    await navigator.clipboard.writeText(what === 'qr' ? qr.qrText : String(qr.amount));
    setCopied(what);
  };
  const qrFile = () => {
    const svg = qrBox.current?.querySelector('svg');
    if (!svg) throw new Error('the QR is not drawn');
    return qrPngFile(svg, `lao-qr-${order.code}.png`);
  };
  // A browser that cannot draw the image (rare) leaves the player the screenshot.
  const save = () => qrFile().then(downloadFile, () => setImageFailed(true));
  const share = () =>
    qrFile()
      .then((file) => shareImage(file, t('deposit.dialog.qrLabel')))
      .catch(() => setImageFailed(true));

  return (
    <Flex vertical gap={12} align="stretch">
      <Flex justify="center" ref={qrBox}>
        {/* 240 px SVG with a quiet zone scans reliably from another phone and still fits a 390 px screen. */}
        <QRCode
          aria-label={t('deposit.dialog.qrLabel')}
          type="svg"
          value={qr.qrText}
          size={240}
          errorLevel="M"
          bgColor="#ffffff"
          color="#000000"
          status={secondsLeft === 0 ? 'expired' : 'active'}
          statusRender={() => <Typography.Text strong>{t('deposit.dialog.expired')}</Typography.Text>}
        />
      </Flex>
      <Typography.Text type="secondary">{t('deposit.dialog.saveHint')}</Typography.Text>
      <Flex gap={8} wrap>
        <Button icon={<SvgIcon icon={DownloadOutlined} />} onClick={() => void save()}>
          {t('deposit.dialog.saveQr')}
        </Button>
        {sharing && (
          <Button icon={<SvgIcon icon={ShareAltOutlined} />} onClick={() => void share()}>
            {t('deposit.dialog.shareQr')}
          </Button>
        )}
      </Flex>
      {imageFailed && <Alert type="warning" showIcon title={t('deposit.dialog.saveFailed')} />}
      <div>
        <label htmlFor="deposit-qr-text">{t('deposit.dialog.qrText')}</label>
        <Space.Compact block>
          <Input id="deposit-qr-text" readOnly value={qr.qrText} onFocus={(e) => e.target.select()} />
          <Button
            icon={<SvgIcon icon={CopyOutlined} />}
            aria-label={t('deposit.dialog.copy')}
            onClick={() => void copy('qr')}
          />
        </Space.Compact>
      </div>
      {copied && (
        <Typography.Text type="success" aria-live="polite">
          {copied === 'qr' ? t('deposit.dialog.copied') : t('deposit.dialog.amountCopied')}
        </Typography.Text>
      )}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('deposit.dialog.amount')}>
          <Flex justify="space-between" align="center" gap={8}>
            <span className={styles.payment__token}>{`${formatMinor(qr.amount, 'LAK')} LAK`}</span>
            <Button
              size="small"
              type="text"
              icon={<SvgIcon icon={CopyOutlined} />}
              aria-label={t('deposit.dialog.copyAmount')}
              onClick={() => void copy('amount')}
            />
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('deposit.dialog.credit')}>
          <span className={styles.payment__token}>{`${formatMinor(order.credit, 'THB')} THB`}</span>
        </Descriptions.Item>
        {bonusCredit > 0 && (
          <Descriptions.Item label={t('deposit.dialog.bonus')}>
            <span className={styles.payment__token}>{`${formatMinor(bonusCredit, 'THB')} THB`}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('deposit.dialog.code')}>
          <span className={styles.payment__token}>{order.code}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('deposit.dialog.timeLeft')}>
          <span role="timer" aria-live="off">
            {secondsLeft === 0 ? t('deposit.dialog.expired') : formatMmSs(secondsLeft)}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('deposit.dialog.howTo')}</Typography.Paragraph>
      <Typography.Text aria-live="polite">{t('deposit.dialog.waiting')}</Typography.Text>
      {notPaid && <Alert type="warning" showIcon role="alert" title={t('deposit.dialog.notPaid')} />}
      {errorKey && <Alert type="error" showIcon role="alert" title={t(errorKey)} />}
      {checking && <Typography.Text aria-live="polite">{t('deposit.dialog.checking')}</Typography.Text>}
      <Button type="primary" size="large" block loading={checking} onClick={onCheck}>
        {t('deposit.dialog.check')}
      </Button>
      <Popconfirm
        icon={STATUS_ICONS.warning}
        title={t('deposit.dialog.cancelConfirm')}
        okText={t('deposit.dialog.cancelYes')}
        cancelText={t('deposit.dialog.cancelNo')}
        onConfirm={onCancel}
      >
        <Button danger block loading={canceling}>
          {t('deposit.dialog.cancelOrder')}
        </Button>
      </Popconfirm>
      {/* Testers pay where the QR is: the note sits in the dialog, not on the page players see first. */}
      {sandbox && (
        <Typography.Text type="secondary">
          {/* Underlined: a link in a sentence is told apart by more than its colour. */}
          <Link to="/sandbox/bank" target="_blank" rel="noopener" style={{ textDecoration: 'underline' }}>
            {t('deposit.sandboxLink')}
          </Link>{' '}
          — {t('deposit.sandboxHint')}
        </Typography.Text>
      )}
    </Flex>
  );
}
