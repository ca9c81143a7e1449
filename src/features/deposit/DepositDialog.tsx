import { useState } from 'react';
import { CopyOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Input,
  Modal,
  Popconfirm,
  QRCode,
  Result,
  Space,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  apiErrorCode,
  apiErrorKey,
  useCancelDepositMutation,
  useCheckDepositMutation,
  useGetDepositQrQuery,
  type DepositQr,
  type Order,
} from '@/api';
import { formatMinor } from '@/lib/format';
import { formatMmSs, useCountdown } from './useCountdown';
import { LoadingBlock } from '@/ui/LoadingBlock';
import { ErrorBlock } from '@/ui/ErrorBlock';

interface DepositDialogProps {
  order: Order;
  /** Known right after creation; fetched again when an open order is reopened. */
  qr?: DepositQr;
  sandbox: boolean;
  onClose: () => void;
}

export function DepositDialog({ order, qr: createdQr, sandbox, onClose }: DepositDialogProps) {
  const { t } = useTranslation('money');
  const fetched = useGetDepositQrQuery({ code: order.code }, { skip: Boolean(createdQr) });
  const qr = createdQr ?? fetched.data;
  const [checkDeposit, check] = useCheckDepositMutation();
  const [cancelDeposit, cancel] = useCancelDepositMutation();
  const [askingToClose, setAskingToClose] = useState(false);

  const credited = check.data?.order.status === 'SUCCESS' ? check.data.order : undefined;
  const canceled = cancel.isSuccess;
  const finished = Boolean(credited) || canceled;
  const actionError = check.error ?? cancel.error ?? fetched.error;

  // Closing an unpaid order needs a confirmation: a player who has paid must press Check first (docs/player-site.md §2).
  const requestClose = () => (finished ? onClose() : setAskingToClose(true));

  return (
    <Modal
      open
      title={t('deposit.dialog.title')}
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
          title={t('deposit.dialog.successTitle')}
          subTitle={t('deposit.dialog.successCredit', {
            credit: formatMinor(credited.credit + (credited.bonusCredit ?? 0), 'THB'),
          })}
          extra={
            <Button type="primary" onClick={onClose}>
              {t('deposit.dialog.done')}
            </Button>
          }
        />
      ) : canceled ? (
        <Result
          status="info"
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

interface PaymentDetailsProps {
  order: Order;
  qr: DepositQr;
  checking: boolean;
  canceling: boolean;
  notPaid: boolean;
  errorKey?: string;
  sandbox: boolean;
  onCheck: () => void;
  onCancel: () => void;
}

function PaymentDetails(props: PaymentDetailsProps) {
  const { order, qr, checking, canceling, notPaid, errorKey, sandbox, onCheck, onCancel } = props;
  const { t } = useTranslation('money');
  const secondsLeft = useCountdown(qr.expiresAt);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    await navigator.clipboard.writeText(qr.qrText);
    setCopied(true);
  };

  return (
    <Flex vertical gap={12} align="stretch">
      <Flex justify="center" role="img" aria-label={t('deposit.dialog.qrLabel')}>
        {/* 240 px SVG with a quiet zone scans reliably from another phone and still fits a 390 px screen. */}
        <QRCode
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
      <div>
        <label htmlFor="deposit-qr-text">{t('deposit.dialog.qrText')}</label>
        <Space.Compact block>
          <Input id="deposit-qr-text" readOnly value={qr.qrText} onFocus={(e) => e.target.select()} />
          <Button icon={<CopyOutlined />} aria-label={t('deposit.dialog.copy')} onClick={() => void copy()} />
        </Space.Compact>
      </div>
      {copied && <Typography.Text type="success">{t('deposit.dialog.copied')}</Typography.Text>}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item
          label={t('deposit.dialog.amount')}
        >{`${formatMinor(qr.amount, 'LAK')} LAK`}</Descriptions.Item>
        <Descriptions.Item
          label={t('deposit.dialog.credit')}
        >{`${formatMinor(order.credit, 'THB')} THB`}</Descriptions.Item>
        <Descriptions.Item label={t('deposit.dialog.code')}>{order.code}</Descriptions.Item>
        <Descriptions.Item label={t('deposit.dialog.timeLeft')}>
          <span role="timer" aria-live="off">
            {secondsLeft === 0 ? t('deposit.dialog.expired') : formatMmSs(secondsLeft)}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('deposit.dialog.howTo')}</Typography.Paragraph>
      {notPaid && <Alert type="warning" showIcon role="alert" title={t('deposit.dialog.notPaid')} />}
      {errorKey && <Alert type="error" showIcon role="alert" title={t(errorKey)} />}
      {checking && <Typography.Text aria-live="polite">{t('deposit.dialog.checking')}</Typography.Text>}
      <Button type="primary" size="large" block loading={checking} onClick={onCheck}>
        {t('deposit.dialog.check')}
      </Button>
      <Popconfirm
        title={t('deposit.dialog.cancelConfirm')}
        okText={t('deposit.dialog.cancelYes')}
        cancelText={t('deposit.dialog.cancelNo')}
        onConfirm={onCancel}
      >
        <Button danger block loading={canceling}>
          {t('deposit.dialog.cancelOrder')}
        </Button>
      </Popconfirm>
      {sandbox && (
        <Link to="/sandbox/bank" target="_blank" rel="noopener">
          {t('deposit.sandboxLink')}
        </Link>
      )}
    </Flex>
  );
}
