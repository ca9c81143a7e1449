import { Alert, Button, Card, Form as AntForm, Typography } from 'antd';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { errorCode, useLoginStaffMutation } from '@/backoffice/api';
import { TextInput } from '@/backoffice/form';
import { LanguageSelect } from '@/backoffice/LanguageSelect';
import styles from './LoginPage.module.css';

interface LoginValues {
  username: string;
  password: string;
  code: string;
}

const loginSchema = object({
  username: string().trim().required('login.required'),
  password: string().required('login.required'),
  code: string()
    .required('login.required')
    .matches(/^[0-9]{6}$/, 'login.codeFormat'),
});

/** Staff sign-in: username, password and the authenticator's 6-digit code, all three at once. */
export function LoginPage() {
  const { t } = useTranslation();
  const [login, { error }] = useLoginStaffMutation();
  const refused = errorCode(error);
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.language}>
          <LanguageSelect />
        </div>
        <Typography.Title level={1} className={styles.title}>
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.intro')}</Typography.Paragraph>
        {error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t(refused ? `errors.${refused}` : 'errors.NETWORK', { defaultValue: t('errors.UNKNOWN') })}
            className={styles.alert}
          />
        )}
        <Form<LoginValues>
          onSubmit={async (values) => {
            await login({
              staffLoginRequest: {
                username: values.username.trim(),
                password: values.password,
                code: values.code,
              },
            });
          }}
          validate={validateWithYup<LoginValues>(loginSchema)}
          render={({ handleSubmit, submitting }) => (
            <AntForm layout="vertical" component="div">
              <form onSubmit={handleSubmit} noValidate>
                <TextInput name="username" label={t('login.username')} autoComplete="username" />
                <TextInput
                  name="password"
                  label={t('login.password')}
                  type="password"
                  autoComplete="current-password"
                />
                <TextInput
                  name="code"
                  label={t('login.code')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                />
                <Button type="primary" htmlType="submit" block loading={submitting}>
                  {t('login.submit')}
                </Button>
              </form>
            </AntForm>
          )}
        />
      </Card>
    </main>
  );
}
