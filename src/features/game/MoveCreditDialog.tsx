import { Button, Descriptions, Modal } from 'antd';
import { useMemo, useRef } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useGetPlayerCreditQuery, useMoveCreditMutation, type Provider } from '@/api';
import { formatMinor } from '@/lib/format';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import { useAppDispatch } from '@/lib/storeHooks';
import { showToast } from '@/lib/toast';
import { parseThbToSatang } from '@core/money';
import { PROVIDERS } from '@core/providers';
import { AmountField } from '@/ui/form/AmountField';
import { FormFrame } from '@/ui/form/FormFrame';
import { SelectField } from '@/ui/form/SelectField';
import { submitWith } from '@/ui/form/submitErrors';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { moveCreditSchema, type MoveCreditValues } from './moveCreditSchema';
import '@build/antd/antd-modal.css';

interface MoveCreditDialogProps {
  open: boolean;
  from: Provider;
  onClose: () => void;
}

/** Moves credit from this provider's wallet to another's in one step (two transfers on the server, once). */
export default function MoveCreditDialog({ open, from, onClose }: MoveCreditDialogProps) {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const credit = useGetPlayerCreditQuery({ game: from });
  const [moveCredit, moving] = useMoveCreditMutation();
  const idempotencyKeys = useRef(createIdempotencyKeys()).current;
  const available = credit.data ? (parseThbToSatang(credit.data.credit.amount) ?? 0) : 0;
  const validate = useMemo(() => validateWithYup<MoveCreditValues>(moveCreditSchema(available)), [available]);
  const targets = PROVIDERS.filter((provider) => provider !== from);

  const onSubmit = (values: MoveCreditValues) => {
    const request = { from, to: values.to!, credit: parseThbToSatang(values.amount ?? '') ?? 0 };
    return submitWith(async () => {
      await moveCredit({
        'Idempotency-Key': idempotencyKeys.keyFor(request),
        moveCreditRequest: request,
      }).unwrap();
      idempotencyKeys.reset();
      dispatch(
        showToast({
          type: 'success',
          titleKey: 'layout:game.move.done',
          values: {
            credit: formatMinor(request.credit, 'THB'),
            from: t(`providers.${from}`),
            to: t(`providers.${request.to}`),
          },
        }),
      );
      onClose();
    });
  };

  return (
    <Modal open={open} onCancel={onClose} title={t('game.move.title')} destroyOnHidden footer={null}>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('game.move.from')}>{t(`providers.${from}`)}</Descriptions.Item>
        <Descriptions.Item label={t('game.credit')}>
          {credit.isFetching ? '…' : `${formatMinor(available, 'THB')} THB`}
        </Descriptions.Item>
      </Descriptions>
      <Form<MoveCreditValues>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit, submitError }) => (
          <FormFrame onSubmit={handleSubmit} submitError={submitError}>
            <SelectField
              name="to"
              label={t('game.move.to')}
              placeholder={t('game.move.toPlaceholder')}
              options={targets.map((provider) => ({ value: provider, label: t(`providers.${provider}`) }))}
            />
            <AmountField name="amount" label={t('game.move.amount')} currency="THB" />
            <Button type="primary" htmlType="submit" loading={moving.isLoading} block>
              {t('game.move.submit')}
            </Button>
          </FormFrame>
        )}
      />
    </Modal>
  );
}
