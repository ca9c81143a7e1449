import type { FieldMetaState } from 'react-final-form';

/**
 * The one rule for when a field shows its error (an i18n key): a validation error once the player has
 * left the field or tried to submit, or the server's answer about it until the field is edited again.
 */
export function fieldErrorKey(meta: FieldMetaState<unknown>): string | undefined {
  if (meta.touched && meta.error) return String(meta.error);
  if (meta.submitError && !meta.dirtySinceLastSubmit) return String(meta.submitError);
  return undefined;
}
