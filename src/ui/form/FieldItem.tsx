import type { ReactNode } from 'react';
import type { FieldMetaState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorKey } from './fieldError';
import { FormItem } from './FormItem';
import { useAnsweredForm } from './formPost';

export interface FieldItemProps {
  /** The field's name in the form's values. */
  name: string;
  id: string;
  label: ReactNode;
  meta: FieldMetaState<unknown>;
  /** Interpolation values for the translated message (e.g. min and max). */
  messageValues?: Record<string, unknown>;
  /** Help under the field, always shown (bounds, rules, availability), announced politely. */
  hint?: ReactNode;
  /** Show the error at once, before the field is touched (a choice whose rule the player should see). */
  errorAtOnce?: boolean;
  /** Radio groups have no single input to point the label at: they are labelled by the label's id. */
  labelledGroup?: boolean;
  required?: boolean;
  children: ReactNode;
}

/** The ids a field's control points at with aria-describedby: its error, then its hint. */
export function describedBy(id: string, errorKey: string | undefined, hint: ReactNode): string | undefined {
  const ids = [errorKey ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * The error a field shows (an i18n key): fieldErrorKey's, or at once its validation error where the field
 * says so (errorAtOnce) and in a form the server has just refused, whose values the form's schema judged
 * before its fields registered (a page drawn by the server, FormFrame).
 */
export function useShownError(name: string, meta: FieldMetaState<unknown>, errorAtOnce?: boolean) {
  const answered = useAnsweredForm();
  const error: unknown = meta.error ?? answered?.errors[name];
  return (errorAtOnce || answered) && error ? String(error) : fieldErrorKey(meta);
}

/** The frame of every field: label, control, hint and translated error, the same way in every form. */
export function FieldItem({
  name,
  id,
  label,
  meta,
  messageValues,
  hint,
  errorAtOnce,
  labelledGroup,
  required = true,
  children,
}: FieldItemProps) {
  const { t } = useTranslation();
  // A form the server has just refused shows its fields' errors at once, as after a submit in the app.
  const errorKey = useShownError(name, meta, errorAtOnce);
  return (
    <FormItem
      label={labelledGroup ? <span id={`${id}-label`}>{label}</span> : label}
      htmlFor={labelledGroup ? undefined : id}
      required={required}
      error={errorKey ? <span id={`${id}-error`}>{t(errorKey, messageValues)}</span> : undefined}
      extra={
        hint ? (
          <span id={`${id}-hint`} aria-live="polite">
            {hint}
          </span>
        ) : undefined
      }
    >
      {children}
    </FormItem>
  );
}
