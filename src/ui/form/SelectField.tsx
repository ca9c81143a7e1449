import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { fieldErrorKey } from './fieldError';
import { describedBy, FieldItem } from './FieldItem';
import styles from './SelectField.module.css';

export interface SelectFieldProps {
  name: string;
  label: ReactNode;
  /** Shown while nothing is chosen; it cannot be chosen back. */
  placeholder: string;
  options: { value: string; label: string }[];
  hint?: ReactNode;
  /** The options are on their way: the list says so, and fills in when they come. */
  loading?: boolean;
}

/**
 * A labelled choice from a list, bound to final-form: the browser's own select, drawn in antd's look. On a
 * phone it opens the system's picker, which players know and which reads the options aloud; it works
 * before any script has run and costs React one element to take over (antd's Select was 23 KB brotli and
 * the heaviest part of taking over the deposit form).
 */
export function SelectField({ name, label, placeholder, options, hint, loading }: SelectFieldProps) {
  const { input, meta } = useField<string>(name);
  const id = `field-${name}`;
  const errorKey = fieldErrorKey(meta);
  return (
    <FieldItem name={name} id={id} label={label} meta={meta} hint={hint}>
      <span className={styles.frame} data-invalid={errorKey ? true : undefined}>
        <select
          id={id}
          name={name}
          className={styles.select}
          // final-form gives '' for a field without a value: the prompt is shown.
          value={input.value}
          data-empty={input.value === '' ? true : undefined}
          onChange={(event) => input.onChange(event.target.value || undefined)}
          onFocus={() => input.onFocus()}
          onBlur={() => input.onBlur()}
          aria-invalid={errorKey ? true : undefined}
          aria-describedby={describedBy(id, errorKey, hint)}
          aria-busy={loading ? true : undefined}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
    </FieldItem>
  );
}
