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
import { CSRF_FIELD, FORM_FIELD, KEY_FIELD, usePostedForm } from '@/ui/form/formPost';
import { useSearchParams } from 'react-router-dom';
import { RESULT_ICONS } from '@/ui/statusIcons';

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
  // A QR handed over in the address (the deposit page's link for a browser without the app), or the one a
  // post sent (the server's answer, drawn before the app arrived).
  const [search] = useSearchParams();
  const posted = usePostedForm('sandboxPay');
  const [qrText, setQrText] = useState(() => posted.answer?.values.qrText ?? search.get('qr') ?? '');
  const [pay, payment] = usePaySandboxQrMutation();
  const text = qrText.trim();
  const parsed = useMemo(() => (text ? tryParse(text) : null), [text]);
  // Until the app pays itself, what the server answered a post is shown.
  const answered = payment.isUninitialized ? posted.answer : undefined;
  const paid = payment.data ?? (answered?.result as typeof payment.data | undefined);
  const errorKey = payment.error ? apiErrorKey(payment.error) : answered?.error;

  return (
    <PageFrame title={t('sandbox.title')} width="form">
      <Typography.Paragraph>{t('sandbox.intro')}</Typography.Paragraph>
      <Panel>
        {/* A real form: a browser without the app posts it, and the server pays through the same operation. */}
        <form
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            void pay({ body: { qrText: text } });
          }}
        >
          <input type="hidden" name={FORM_FIELD} value="sandboxPay" />
          {posted.csrf && <input type="hidden" name={CSRF_FIELD} value={posted.csrf} />}
          {posted.key && <input type="hidden" name={KEY_FIELD} value={posted.key} />}
          <FormItem label={t('sandbox.qrText')} htmlFor="sandbox-qr-text">
            <Input.TextArea
              id="sandbox-qr-text"
              name="qrText"
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
              <Descriptions.Item label={t('sandbox.billNumber')}>
                {parsed.billNumber || '–'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sandbox.merchant')}>
                {parsed.merchantName || '–'}
              </Descriptions.Item>
              <Descriptions.Item label={t('sandbox.checksum')}>
                {parsed.crcValid ? t('sandbox.checksumValid') : t('sandbox.checksumInvalid')}
              </Descriptions.Item>
            </Descriptions>
          )}
          {errorKey && (
            <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} title={t(errorKey)} />
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            style={{ marginTop: 16 }}
            disabled={!text || Boolean(paid)}
            loading={payment.isLoading}
          >
            {t('sandbox.pay')}
          </Button>
        </form>
      </Panel>
      {paid && (
        <Result
          status="success"
          icon={RESULT_ICONS.success}
          title={t('sandbox.paid')}
          subTitle={t('sandbox.paidDetail', {
            amount: formatMinor(paid.amount, 'LAK'),
            billNumber: paid.billNumber,
            reference: paid.reference,
          })}
        />
      )}
    </PageFrame>
  );
}
