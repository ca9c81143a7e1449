import { useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '@/ui/Typography';
import { apiErrorKey, usePaySandboxQrMutation } from '@/api';
import { formatMinor } from '@/lib/format';
import { parseLaoQr, type LaoQrParsed } from '@core/laoQr';
import { PageFrame } from '@/ui/PageFrame';
import { Panel } from '@/ui/Panel';
import { FormItem } from '@/ui/form/FormItem';

/** The parsed QR, or null when the text is not a LAO QR (the server still decides on Pay). */
function tryParse(text: string): LaoQrParsed | null {
  try {
    return parseLaoQr(text);
  } catch {
    return null;
  }
}

/** A tester's stand-in for a banking app: pay a deposit QR without real money (sandbox mode only). */
export default function SandboxBankPage() {
  const { t } = useTranslation('money');
  const [qrText, setQrText] = useState('');
  const [pay, payment] = usePaySandboxQrMutation();
  const text = qrText.trim();
  const parsed = useMemo(() => (text ? tryParse(text) : null), [text]);

  return (
    <PageFrame title={t('sandbox.title')} width="form">
      <Typography.Paragraph>{t('sandbox.intro')}</Typography.Paragraph>
      <Panel>
        <FormItem label={t('sandbox.qrText')} htmlFor="sandbox-qr-text">
          <Input.TextArea
            id="sandbox-qr-text"
            value={qrText}
            onChange={(e) => {
              setQrText(e.target.value);
              payment.reset();
            }}
            autoSize={{ minRows: 3, maxRows: 8 }}
            spellCheck={false}
          />
        </FormItem>
        {text && !parsed && <Alert type="warning" showIcon title={t('sandbox.notLaoQr')} />}
        {parsed && (
          <Descriptions column={1} size="small" bordered title={t('sandbox.parsed')}>
            <Descriptions.Item label={t('sandbox.amount')}>
              {parsed.amountLak === null ? '–' : `${formatMinor(parsed.amountLak, 'LAK')} LAK`}
            </Descriptions.Item>
            <Descriptions.Item label={t('sandbox.billNumber')}>{parsed.billNumber || '–'}</Descriptions.Item>
            <Descriptions.Item label={t('sandbox.merchant')}>{parsed.merchantName || '–'}</Descriptions.Item>
            <Descriptions.Item label={t('sandbox.checksum')}>
              {parsed.crcValid ? t('sandbox.checksumValid') : t('sandbox.checksumInvalid')}
            </Descriptions.Item>
          </Descriptions>
        )}
        {payment.error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginTop: 16 }}
            title={t(apiErrorKey(payment.error))}
          />
        )}
        <Button
          type="primary"
          block
          size="large"
          style={{ marginTop: 16 }}
          disabled={!text || payment.isSuccess}
          loading={payment.isLoading}
          onClick={() => void pay({ body: { qrText: text } })}
        >
          {t('sandbox.pay')}
        </Button>
      </Panel>
      {payment.data && (
        <Result
          status="success"
          title={t('sandbox.paid')}
          subTitle={t('sandbox.paidDetail', {
            amount: formatMinor(payment.data.amount, 'LAK'),
            billNumber: payment.data.billNumber,
            reference: payment.data.reference,
          })}
        />
      )}
    </PageFrame>
  );
}
