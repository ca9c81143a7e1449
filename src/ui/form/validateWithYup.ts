import { ValidationError, type AnyObjectSchema } from 'yup';

export type FormErrors = Record<string, string>;

/**
 * The one adapter from a yup schema to final-form's validate (docs/architecture.md, convention 4). Messages stay i18n keys;
 * the field components translate them. The first error per field wins.
 */
export function validateWithYup<Values extends object>(schema: AnyObjectSchema) {
  return (values: Values): FormErrors => {
    try {
      schema.validateSync(values, { abortEarly: false });
      return {};
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors: FormErrors = {};
      for (const issue of error.inner.length ? error.inner : [error]) {
        if (issue.path && !(issue.path in errors)) errors[issue.path] = issue.message;
      }
      return errors;
    }
  };
}
