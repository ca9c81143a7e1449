import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { apiErrorKey, type ApiError } from '@/api';

/** A form-level error: its i18n key, and for a limit refusal the LAK still allowed. */
export interface FormError {
  key: string;
  remaining: number;
}

/**
 * The one way a form turns a failed call into what final-form shows: the error's translated key for the
 * whole form, and for the fields the server named (a VALIDATION_ERROR's details), the same key on each.
 * `errorKey` lets a form choose its own message (login never says whether the username exists).
 */
export function submitErrors(
  error: unknown,
  errorKey: (error: ApiError) => string = apiErrorKey,
): SubmissionErrors {
  const key = errorKey(error as ApiError);
  const errors: Record<string, unknown> = { [FORM_ERROR]: key };
  const details = (error as { data?: { details?: { field?: unknown; message?: unknown }[] } }).data?.details;
  for (const detail of Array.isArray(details) ? details : []) {
    if (typeof detail.field === 'string' && detail.field)
      errors[detail.field.replace(/^\/?body\/?/, '')] = key;
  }
  // A limit refusal says how much is still allowed (its `remaining` detail): shown under the message.
  const remaining = Array.isArray(details)
    ? details.find((d) => d.field === 'remaining' && typeof d.message === 'string')
    : undefined;
  if (remaining) errors[FORM_ERROR] = { key, remaining: Number(remaining.message) } satisfies FormError;
  return errors;
}

/** Runs a form's call; resolves to nothing on success, or to the errors final-form should show. */
export async function submitWith(
  call: () => Promise<unknown>,
  errorKey?: (error: ApiError) => string,
): Promise<SubmissionErrors | undefined> {
  try {
    await call();
    return undefined;
  } catch (error) {
    return submitErrors(error, errorKey);
  }
}
