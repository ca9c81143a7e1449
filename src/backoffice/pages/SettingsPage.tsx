import { formatMinor } from '@core/numberFormat';
import { App, Button, Form as AntForm, Typography } from 'antd';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { errorCode, useGetStaffSettingsQuery, useUpdateStaffSettingsMutation } from '@/backoffice/api';
import { TextInput } from '@/backoffice/form';
import { RewardSettingsForm } from '@/backoffice/pages/RewardSettingsForm';
import { BAHT, toSatang } from '@/backoffice/baht';

interface SettingsValues {
  /** Baht, as typed; empty turns four eyes off. */
  fourEyesAbove: string;
  /** Baht, as typed; empty: the server's default; 0: automatic payouts off. */
  automaticMax: string;
  /** Whole kip, as typed; empty: the server's default. */
  depositMin: string;
  depositMax: string;
}

const KIP = /^([1-9][0-9]{0,10})?$/;
const settingsSchema = object({
  fourEyesAbove: string().trim().matches(BAHT, 'settings.amountFormat'),
  automaticMax: string().trim().matches(BAHT, 'settings.amountFormat'),
  depositMin: string().trim().matches(KIP, 'settings.kipFormat'),
  depositMax: string().trim().matches(KIP, 'settings.kipFormat'),
});

/** Whole kip as typed, or null (empty: the server's default). */
function wholeKip(text: string | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  return trimmed ? Number(trimmed) : null;
}

function toBahtText(satang: number | null): string {
  if (satang === null) return '';
  return satang % 100 === 0
    ? String(satang / 100)
    : `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`;
}

/**
 * The owner's settings: the amount above which a withdrawal needs two approvers, the automatic limit
 * (withdrawals up to it are paid without staff unless a risk flag holds them), the deposit bounds, and the
 * rewards' terms.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data } = useGetStaffSettingsQuery();
  const [save] = useUpdateStaffSettingsMutation();
  if (!data) return null;
  return (
    <>
      <Form<SettingsValues>
        initialValues={{
          fourEyesAbove: toBahtText(data.fourEyesAboveCredit),
          automaticMax: toBahtText(data.automaticWithdrawMaxCredit),
          depositMin: data.depositMinLak === null ? '' : String(data.depositMinLak),
          depositMax: data.depositMaxLak === null ? '' : String(data.depositMaxLak),
        }}
        validate={validateWithYup<SettingsValues>(settingsSchema)}
        onSubmit={async (values) => {
          const result = await save({
            staffSettingsChange: {
              fourEyesAboveCredit: toSatang(values.fourEyesAbove ?? ''),
              automaticWithdrawMaxCredit: toSatang(values.automaticMax ?? ''),
              depositMinLak: wholeKip(values.depositMin),
              depositMaxLak: wholeKip(values.depositMax),
            },
          });
          if ('error' in result)
            return void message.error(t(`errors.${errorCode(result.error) ?? 'UNKNOWN'}`));
          void message.success(t('settings.saved'));
        }}
        render={({ handleSubmit, submitting }) => (
          <AntForm layout="vertical" component="div" style={{ maxWidth: 420 }}>
            <form onSubmit={handleSubmit} noValidate>
              <Typography.Paragraph>{t('settings.fourEyesHelp')}</Typography.Paragraph>
              <TextInput name="fourEyesAbove" label={t('settings.fourEyes')} inputMode="numeric" />
              <Typography.Paragraph>
                {t('settings.automaticHelp', { amount: toBahtText(data.automaticWithdrawDefaultCredit) })}
              </Typography.Paragraph>
              <TextInput name="automaticMax" label={t('settings.automatic')} inputMode="numeric" />
              <Typography.Paragraph>
                {t('settings.depositHelp', {
                  min: formatMinor(data.depositDefaultMinLak, 'LAK'),
                  max: formatMinor(data.depositDefaultMaxLak, 'LAK'),
                })}
              </Typography.Paragraph>
              <TextInput name="depositMin" label={t('settings.depositMin')} inputMode="numeric" />
              <TextInput name="depositMax" label={t('settings.depositMax')} inputMode="numeric" />
              <Button type="primary" htmlType="submit" loading={submitting}>
                {t('settings.save')}
              </Button>
            </form>
          </AntForm>
        )}
      />
      <RewardSettingsForm />
    </>
  );
}
