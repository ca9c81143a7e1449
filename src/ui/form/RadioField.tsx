import { Radio } from 'antd';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { FieldItem } from './FieldItem';
import styles from './RadioField.module.css';

export interface RadioFieldProps {
  name: string;
  label: ReactNode;
  options: { value: string; label: ReactNode }[];
  /** Buttons for a few short choices (currencies), plain radios otherwise. */
  optionType?: 'default' | 'button';
  disabled?: boolean;
  /** Show the error at once: the player should learn a choice's rule before submitting. */
  errorAtOnce?: boolean;
  /** Buttons standing apart, wrapping onto rows: a longer list offered as one-tap choices (banks). */
  tiles?: boolean;
}

/** A labelled group of choices, bound to final-form. */
export function RadioField({
  name,
  label,
  options,
  optionType,
  disabled,
  errorAtOnce,
  tiles,
}: RadioFieldProps) {
  const { input, meta } = useField<string>(name);
  const id = `field-${name}`;
  return (
    <FieldItem name={name} id={id} label={label} meta={meta} errorAtOnce={errorAtOnce} labelledGroup>
      {/* A disabled choice is not posted by the browser: its value goes along hidden. */}
      {disabled && input.value ? <input type="hidden" name={name} value={input.value} /> : null}
      <Radio.Group
        // Named, the radios are one native group: chosen and posted by the browser without the app
        // (the checked look without the app: app/global.css).
        name={name}
        aria-labelledby={`${id}-label`}
        optionType={tiles ? 'button' : optionType}
        className={tiles ? styles.tiles : undefined}
        value={input.value}
        disabled={disabled}
        onChange={(event) => input.onChange(event.target.value)}
        options={options}
      />
    </FieldItem>
  );
}
