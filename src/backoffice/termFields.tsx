import { Form as AntForm, Select, Switch } from 'antd';
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { TextInput } from '@/backoffice/form';

/** How a number is typed: satang as baht, basis points as a percent, LAK, counts and percents as whole numbers. */
export type Unit = 'baht' | 'percent' | 'whole';

/** One term of a form of terms (rewards, promotion rules): a switch, a choice or a number in its unit. */
export type Term =
  | { key: string; kind: 'switch' }
  | { key: string; kind: 'choice'; options: readonly string[] }
  | {
      key: string;
      kind: 'number';
      unit: Unit;
      /** The least value, in the contract's units. */ min?: number;
    };

/** The form's values: numbers as typed, switches and choices as they are. */
export type TermValues = Record<string, string | boolean>;

const PATTERN: Record<Unit, RegExp> = {
  baht: /^[0-9]{1,9}(\.[0-9]{1,2})?$/,
  percent: /^[0-9]{1,3}(\.[0-9]{1,2})?$/,
  whole: /^[0-9]{1,12}$/,
};

/** Hundredths as typed ("7.5" → 750), without floating point: satang from baht, basis points from %. */
function hundredths(text: string): number {
  const [whole, part = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

function toText(value: number, unit: Unit): string {
  if (unit === 'whole') return String(value);
  return value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2);
}

function toValue(text: string, unit: Unit): number {
  return unit === 'whole' ? Number(text.trim()) : hundredths(text);
}

const numbersOf = (terms: readonly Term[]) =>
  terms.filter((x): x is Extract<Term, { kind: 'number' }> => x.kind === 'number');

/** Every number required, in its unit's format. */
export function termsSchema(terms: readonly Term[]) {
  return object(
    Object.fromEntries(
      numbersOf(terms).map((x) => [
        x.key,
        string()
          .trim()
          .required('login.required')
          .matches(PATTERN[x.unit], 'settings.amountFormat')
          .test('min', 'settings.tooSmall', (v) => x.min === undefined || !v || toValue(v, x.unit) >= x.min),
      ]),
    ),
  );
}

/** The form's starting values from the contract's. */
export function termValues(terms: readonly Term[], current: Record<string, unknown>): TermValues {
  return Object.fromEntries(
    terms.map((x) => [
      x.key,
      x.kind === 'number' ? toText(current[x.key] as number, x.unit) : (current[x.key] as string | boolean),
    ]),
  );
}

/** The contract's values from the form's. */
export function contractValues(terms: readonly Term[], values: TermValues): Record<string, unknown> {
  return Object.fromEntries(
    terms.map((x) => [
      x.key,
      x.kind === 'number' ? toValue(String(values[x.key] ?? ''), x.unit) : values[x.key],
    ]),
  );
}

/** One term's field, labelled; `optionLabel` names a choice's options. */
export function TermField({
  term,
  label,
  optionLabel,
  disabled = false,
  idPrefix = '',
}: {
  term: Term;
  label: string;
  optionLabel?: (option: string) => string;
  disabled?: boolean;
  /** Tells apart fields of the same name in several forms on one page. */
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  if (term.kind === 'number')
    return (
      <TextInput name={term.key} label={label} inputMode="numeric" disabled={disabled} idPrefix={idPrefix} />
    );
  const id = `field-${idPrefix}${term.key}`;
  return (
    <Field<string | boolean> name={term.key}>
      {({ input }) => (
        <AntForm.Item label={label} htmlFor={id}>
          {term.kind === 'switch' ? (
            <Switch id={id} checked={Boolean(input.value)} onChange={input.onChange} disabled={disabled} />
          ) : (
            <Select<string>
              id={id}
              value={String(input.value)}
              onChange={input.onChange}
              disabled={disabled}
              options={term.options.map((o) => ({ value: o, label: optionLabel?.(o) ?? t(o) }))}
              style={{ maxWidth: 240 }}
            />
          )}
        </AntForm.Item>
      )}
    </Field>
  );
}
