import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, useGetAgencyInfoQuery, type Order } from '@/api';
import { useAppSelector } from '@/lib/storeHooks';
import { usePostedForm } from '@/ui/form/formPost';
import { PostButton } from '@/ui/form/PostButton';
import { serverParts } from '@/ui/serverParts';

/**
 * The open deposit for a browser without the app: the QR drawn by the server, the payment checked and the
 * order canceled by plain posts, the status refreshed by reloading. With the app, the dialog does all this.
 */
export function DepositWithoutApp({ order }: { order: Order }) {
  const { t } = useTranslation('money');
  // Read from the cache the server rendered with (no request of its own: the app never draws this part).
  const qr = useAppSelector(api.endpoints.getDepositQr.select({ code: order.code })).data;
  const sandbox = useGetAgencyInfoQuery().data?.agency.sandbox ?? false;
  const { answer } = usePostedForm('depositCheck');
  return (
    <noscript>
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        {answer?.error && <Alert type="warning" showIcon role="alert" title={t(answer.error)} />}
        {qr && (
          <div style={{ alignSelf: 'center', background: '#fff', padding: 8 }}>
            {serverParts.qr?.(qr.qrText, t('deposit.dialog.qrLabel'))}
          </div>
        )}
        <p>{t('deposit.dialog.howTo')}</p>
        {qr && sandbox && (
          <p>
            <a
              href={`/sandbox/bank?qr=${encodeURIComponent(qr.qrText)}`}
              style={{ textDecoration: 'underline' }}
            >
              {t('deposit.sandboxLink')}
            </a>{' '}
            — {t('deposit.sandboxHint')}
          </p>
        )}
        <PostButton form="depositCheck" fields={{ code: order.code }} primary>
          {t('deposit.dialog.check')}
        </PostButton>
        <PostButton form="depositCancel" fields={{ code: order.code }}>
          {t('deposit.dialog.cancelOrder')}
        </PostButton>
        <p>
          <a href="/player/deposit" style={{ textDecoration: 'underline' }}>
            {t('deposit.open.refresh')}
          </a>
        </p>
      </Flex>
    </noscript>
  );
}
