import { Alert, Form } from 'antd';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormFrameProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form-level error (an i18n key), from submitErrors(). */
  submitError?: unknown;
  className?: string;
  children: ReactNode;
}

/** A form's outer frame: native submit, vertical antd layout, and the form-level error above the fields. */
export function FormFrame({ onSubmit, submitError, className, children }: FormFrameProps) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      <Form layout="vertical" component={false}>
        {typeof submitError === 'string' && (
          <Alert type="error" showIcon role="alert" title={t(submitError)} style={{ marginBottom: 16 }} />
        )}
        {children}
      </Form>
    </form>
  );
}
