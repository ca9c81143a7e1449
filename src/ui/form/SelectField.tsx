import { Select } from 'antd';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { FieldItem } from './FieldItem';

export interface SelectFieldProps {
  name: string;
  label: ReactNode;
  placeholder?: string;
  options: { value: string; label: ReactNode }[];
  hint?: ReactNode;
  /** The options are on their way: the list says so, and fills in when they come. */
  loading?: boolean;
}

/** A labelled choice from a list, bound to final-form. */
export function SelectField({ name, label, placeholder, options, hint, loading }: SelectFieldProps) {
  const { input, meta } = useField<string>(name);
  const id = `field-${name}`;
  return (
    <FieldItem id={id} label={label} meta={meta} hint={hint}>
      <Select
        id={id}
        value={input.value || undefined}
        onChange={input.onChange}
        onBlur={() => input.onBlur()}
        placeholder={placeholder}
        options={options}
        loading={loading}
      />
    </FieldItem>
  );
}
