import { Descriptions, Button, Modal } from 'antd';
import { useMemo, useRef } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useGetPlayerCreditsQuery, useMoveCreditMutation, type Provider } from '@/api';
import { formatMinor, formatNumber } from '@/lib/format';
import { createIdempotencyKeys } from '@/lib/idempotencyKeys';
import { useAppDispatch } from '@/lib/storeHooks';
import { showToast } from '@/lib/toast';
import { parseThbToSatang, parseTypedBaht } from '@core/money';
import { PROVIDERS } from '@core/providers';
import { AmountField } from '@/ui/form/AmountField';
import { FormFrame } from '@/ui/form/FormFrame';
import { RadioField } from '@/ui/form/RadioField';
import { SelectField } from '@/ui/form/SelectField';
import { submitWith } from '@/ui/form/submitErrors';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { BringAlongCheckbox } from './BringAlongCheckbox';
import { moveCreditSchema, type MoveCreditValues, type MoveDirection } from './moveCreditSchema';
import '@build/antd/antd-modal.css';

/** Amounts as a player may type them, written the site's way (50, 50,25): the format error's examples. */
const AMOUNT_EXAMPLES = { whole: formatNumber(50), example: formatMinor(5025, 'THB') };

interface MoveCreditDialogProps {
  open: boolean;
  /** The lobby's provider: credit moves out of it, or into it from another. */
  provider: Provider;
  onClose: () => void;
}

/** Moves credit between this provider's wallet and another's, either way, in one step (two transfers on the server, once). */
export default function MoveCreditDialog({ open, provider, onClose }: MoveCreditDialogProps) {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const credits = useGetPlayerCreditsQuery();
  const [moveCredit, moving] = useMoveCreditMutation();
  const idempotencyKeys = useRef(createIdempotencyKeys()).current;
  const creditAt = useMemo(() => {
    const byProvider = new Map(
      (credits.data?.credits ?? []).map((c) => [c.provider, parseThbToSatang(c.credit.amount) ?? 0]),
    );
    return (p: Provider) => byProvider.get(p) ?? 0;
  }, [credits.data]);
  const validate = useMemo(
    () => validateWithYup<MoveCreditValues>(moveCreditSchema(provider, creditAt)),
    [provider, creditAt],
  );
  const others = PROVIDERS.filter((p) => p !== provider);
  // An empty wallet here can only take credit in: the dialog opens that way.
  const direction: MoveDirection =
    credits.data && creditAt(provider) === 0 && others.some((p) => creditAt(p) > 0) ? 'in' : 'out';
  const initialValues = useMemo(() => ({ direction }), [direction]);
  const name = (p: Provider) => t(`providers.${p}`);

  const onSubmit = (values: MoveCreditValues) => {
    const other = values.other!;
    const [from, to] = values.direction === 'in' ? [other, provider] : [provider, other];
    const request = { from, to, credit: parseTypedBaht(values.amount ?? '') ?? 0 };
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
          values: { credit: formatMinor(request.credit, 'THB'), from: name(from), to: name(to) },
        }),
      );
      onClose();
    });
  };

  return (
    <Modal open={open} onCancel={onClose} title={t('game.move.title')} destroyOnHidden footer={null}>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={name(provider)}>
          {credits.data ? `${formatMinor(creditAt(provider), 'THB')} THB` : '…'}
        </Descriptions.Item>
      </Descriptions>
      <Form<MoveCreditValues>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={initialValues}
        keepDirtyOnReinitialize
        render={({ handleSubmit, submitError, values }) => (
          <FormFrame onSubmit={handleSubmit} submitError={submitError}>
            <RadioField
              name="direction"
              label={t('game.move.direction')}
              optionType="button"
              options={[
                { value: 'out', label: t('game.move.outOf', { provider: name(provider) }) },
                { value: 'in', label: t('game.move.into', { provider: name(provider) }) },
              ]}
            />
            <SelectField
              name="other"
              label={values.direction === 'in' ? t('game.move.from') : t('game.move.to')}
              placeholder={
                values.direction === 'in' ? t('game.move.fromPlaceholder') : t('game.move.toPlaceholder')
              }
              loading={!credits.data}
              options={others.map((p) => ({
                value: p,
                label: t('game.move.option', { provider: name(p), credit: formatMinor(creditAt(p), 'THB') }),
              }))}
            />
            <AmountField
              name="amount"
              label={t('game.move.amount')}
              currency="THB"
              messageValues={AMOUNT_EXAMPLES}
            />
            <Button type="primary" htmlType="submit" loading={moving.isLoading} block>
              {t('game.move.submit')}
            </Button>
            <BringAlongCheckbox />
          </FormFrame>
        )}
      />
    </Modal>
  );
}
