import { Form, Input } from 'antd';
import { Field } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorKey } from '@/ui/form/fieldError';

/**
 * One text field of a back office form: final-form holds the value, antd draws the label and the error
 * (an i18n key from the form's yup schema or the server's refusal), the same rule as the player site's.
 */
export function TextInput({
  name,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  multiline = false,
  disabled = false,
  idPrefix = '',
}: {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'datetime-local';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  multiline?: boolean;
  disabled?: boolean;
  /** Tells apart fields of the same name in several forms on one page. */
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = fieldErrorKey(meta);
        const id = `field-${idPrefix}${name}`;
        return (
          <Form.Item
            label={label}
            htmlFor={id}
            validateStatus={error ? 'error' : undefined}
            help={error ? t(error) : undefined}
          >
            {multiline ? (
              <Input.TextArea {...input} id={id} rows={4} disabled={disabled} aria-invalid={Boolean(error)} />
            ) : type === 'password' ? (
              <Input.Password
                {...input}
                id={id}
                autoComplete={autoComplete}
                disabled={disabled}
                aria-invalid={Boolean(error)}
              />
            ) : (
              <Input
                {...input}
                id={id}
                type={type}
                autoComplete={autoComplete}
                inputMode={inputMode}
                disabled={disabled}
                aria-invalid={Boolean(error)}
              />
            )}
          </Form.Item>
        );
      }}
    </Field>
  );
}
