import { Alert } from 'antd';
import type { FormEventHandler, ReactNode } from 'react';
import { useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@/lib/format';
import type { FormError } from './submitErrors';

function isFormError(value: unknown): value is FormError {
  return typeof value === 'object' && value !== null && typeof (value as FormError).key === 'string';
}

export interface FormFrameProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form-level error (an i18n key, or a FormError with the allowance left), from submitErrors(). */
  submitError?: unknown;
  className?: string;
  /** Drawn before the answers it needs have come (the page paints its fields at once): busy meanwhile. */
  pending?: boolean;
  children: ReactNode;
}

/**
 * A form's outer frame: native submit, vertical antd layout, and the form-level error above the fields.
 * The error speaks about the values that were sent: once the player edits any field it no longer applies
 * and is hidden, until the next submit answers again.
 */
export function FormFrame({ onSubmit, submitError, className, pending, children }: FormFrameProps) {
  const { t } = useTranslation();
  const { dirtySinceLastSubmit } = useFormState({ subscription: { dirtySinceLastSubmit: true } });
  const formError: { key: string; remaining?: number } | undefined =
    typeof submitError === 'string'
      ? { key: submitError }
      : isFormError(submitError)
        ? submitError
        : undefined;
  return (
    <form onSubmit={onSubmit} noValidate className={className} aria-busy={pending || undefined}>
      {formError && !dirtySinceLastSubmit && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t(formError.key)}
          description={
            formError.remaining === undefined
              ? undefined
              : t('errors:remainingAllowance', { amount: formatMinor(formError.remaining, 'LAK') })
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {children}
    </form>
  );
}
