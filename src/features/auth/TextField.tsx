import { Input } from 'antd';
import type { ReactNode } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'password';
  autoComplete?: string;
  /** Interpolation values for the translated validation message (e.g. min and max). */
  messageValues?: Record<string, string | number>;
  /** Extra status text under the field (e.g. username availability), announced politely. */
  hint?: ReactNode;
}

/** A labelled input bound to final-form; its error (an i18n key) shows once the field was touched. */
export function TextField({ name, label, type = 'text', autoComplete, messageValues, hint }: TextFieldProps) {
  const { t } = useTranslation();
  const { input, meta } = useField<string>(name);
  const id = `field-${name}`;
  const errorKey = (meta.touched && meta.error) || (!meta.dirtySinceLastSubmit && meta.submitError);
  const describedBy = [errorKey ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <Input
        {...input}
        id={id}
        type={type}
        autoComplete={autoComplete}
        status={errorKey ? 'error' : undefined}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <div id={`${id}-hint`} className="field__hint" aria-live="polite">
          {hint}
        </div>
      )}
      {errorKey && (
        <div id={`${id}-error`} className="field__error" role="alert">
          {t(String(errorKey), messageValues)}
        </div>
      )}
    </div>
  );
}
