import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { fieldErrorKey } from './fieldError';
import { describedBy, FieldItem } from './FieldItem';

export interface TextFieldProps {
  name: string;
  label: ReactNode;
  type?: 'text' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal';
  placeholder?: string;
  suffix?: ReactNode;
  readOnly?: boolean;
  messageValues?: Record<string, unknown>;
  hint?: ReactNode;
  /** Applied to the typed text before it reaches the form's values (e.g. trimming spaces). */
  parse?: (text: string) => string;
  /** A code-like value (a username): phone keyboards neither capitalise, correct nor spell-check it. */
  verbatim?: boolean;
}

/** A labelled text input bound to final-form. */
export function TextField({ name, label, messageValues, hint, parse, verbatim, ...input }: TextFieldProps) {
  const { input: field, meta } = useField<string>(name, parse ? { parse } : undefined);
  const id = `field-${name}`;
  return (
    <FieldItem id={id} label={label} meta={meta} messageValues={messageValues} hint={hint}>
      <Input
        {...field}
        {...input}
        {...(verbatim ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } : {})}
        id={id}
        aria-invalid={fieldErrorKey(meta) ? true : undefined}
        aria-describedby={describedBy(id, fieldErrorKey(meta), hint)}
      />
    </FieldItem>
  );
}
