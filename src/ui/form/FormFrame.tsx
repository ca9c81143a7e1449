import { Alert } from 'antd';
import type { FormEventHandler, ReactNode } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@/lib/format';
import type { FormError } from './submitErrors';
import {
  AnsweredFormContext,
  CSRF_FIELD,
  FORM_FIELD,
  KEY_FIELD,
  usePostedForm,
  type PostedForm,
} from './formPost';

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
  /**
   * A form on the way to a first deposit or withdrawal: a real HTML form the browser can post before the
   * app's code has arrived (src/ui/form/formPost.ts). Named here, it is posted to the page's own address.
   */
  post?: PostedForm;
  children: ReactNode;
}

/**
 * A form's outer frame: native submit, vertical antd layout, and the form-level error above the fields.
 * The error speaks about the values that were sent: once the player edits any field it no longer applies
 * and is hidden, until the next submit answers again.
 */
export function FormFrame({ onSubmit, submitError, className, pending, post, children }: FormFrameProps) {
  const { t } = useTranslation();
  const form = useForm();
  const { csrf, key, answer } = usePostedForm(post);
  const firstDraw = form.getState();
  // A refused post drawn again (by the server, without the app): its fields are checked by the form's own
  // schema at once, so each bad input is named under its field as the app names it. react-final-form
  // holds validation back until its effects run, which a page rendered on the server never reaches: it is
  // let go here, before the fields register, on the server and in the browser taking the page over alike,
  // so both draw the same errors (docs/architecture.md, "Forms before the app").
  const refusedAsSent =
    Boolean(answer) && !firstDraw.dirty && !firstDraw.submitFailed && !firstDraw.submitSucceeded;
  if (refusedAsSent && form.isValidationPaused()) form.resumeValidation();
  const { dirtySinceLastSubmit, dirty, submitFailed, submitSucceeded, errors } = useFormState({
    subscription: {
      dirtySinceLastSubmit: true,
      dirty: true,
      submitFailed: true,
      submitSucceeded: true,
      errors: true,
    },
  });
  // The server's refusal of a post speaks about the values it drew the form with: until they change.
  const answered = Boolean(answer) && !dirty && !submitFailed && !submitSucceeded;
  // Judged are only the fields that were sent back (never a password: its emptiness is not the player's).
  const sentErrors = Object.fromEntries(
    Object.entries(errors ?? {}).filter(([name]) => answer && name in answer.values),
  );
  const badInput = Object.keys(sentErrors).length > 0;
  const formError: { key: string; remaining?: number } | undefined =
    typeof submitError === 'string'
      ? { key: submitError }
      : isFormError(submitError)
        ? submitError
        : // Values the form's own schema refuses the app would never have sent: their fields say why, and
          // the server's general refusal of them is not shown (as the app, which shows no such alert).
          answered && answer?.error && !badInput
          ? { key: answer.error, remaining: answer.remaining }
          : undefined;
  return (
    <form
      onSubmit={onSubmit}
      method={post ? 'post' : undefined}
      noValidate
      className={className}
      aria-busy={pending || undefined}
    >
      {post && <input type="hidden" name={FORM_FIELD} value={post} />}
      {post && csrf && <input type="hidden" name={CSRF_FIELD} value={csrf} />}
      {post && key && <input type="hidden" name={KEY_FIELD} value={key} />}
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
      <AnsweredFormContext.Provider value={answered ? { errors: sentErrors } : undefined}>
        {children}
      </AnsweredFormContext.Provider>
    </form>
  );
}
