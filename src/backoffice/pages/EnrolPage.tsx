import { Alert, Button, Card, Form as AntForm, QRCode, Result, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { object, ref, string } from 'yup';
import { validateWithYup } from '@/ui/form/validateWithYup';
import {
  errorCode,
  useCompleteStaffEnrolmentMutation,
  useShowStaffEnrolmentMutation,
} from '@/backoffice/api';
import { TextInput } from '@/backoffice/form';
import { formatTime } from '@/backoffice/format';
import { LanguageSelect } from '@/backoffice/LanguageSelect';
import styles from './LoginPage.module.css';

interface EnrolValues {
  password: string;
  passwordAgain: string;
  code: string;
}

const enrolSchema = object({
  password: string().required('login.required').min(12, 'staff.passwordShort').max(128, 'promotions.tooLong'),
  passwordAgain: string()
    .required('login.required')
    .oneOf([ref('password')], 'enrol.passwordsDiffer'),
  code: string()
    .required('login.required')
    .matches(/^[0-9]{6}$/, 'login.codeFormat'),
});

/**
 * The page of a one-time enrolment link (/backoffice/enrol/<token>), opened by the new member alone: it
 * shows a fresh authenticator secret (a QR code, the secret and its otpauth:// address), and takes their
 * own password and a first code. The owner who made the link sees neither (docs/backoffice.md).
 */
export function EnrolPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const [show, shown] = useShowStaffEnrolmentMutation();
  const [complete, completed] = useCompleteStaffEnrolmentMutation();
  // Each opening answers a new secret: opened once per page, whatever React's development checks replay.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void show({ staffEnrolmentToken: { token } });
  }, [show, token]);

  const errorTitle = (error: unknown) => t(`errors.${errorCode(error) ?? 'UNKNOWN'}`);
  let body;
  if (completed.data)
    body = (
      <Result
        status="success"
        title={t('enrol.done')}
        subTitle={t('enrol.doneText')}
        extra={
          <Link to="/">
            <Button type="primary">{t('enrol.signIn')}</Button>
          </Link>
        }
      />
    );
  else if (shown.error)
    body = <Result status="warning" title={t('enrol.invalid')} subTitle={errorTitle(shown.error)} />;
  else if (!shown.data)
    body = (
      <div role="status" aria-label={t('loading')} style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  else {
    const enrolment = shown.data;
    body = (
      <>
        <Typography.Paragraph>
          {t('enrol.intro', {
            name: enrolment.displayName,
            username: enrolment.username,
            role: t(`roles.${enrolment.role}`),
          })}
        </Typography.Paragraph>
        <Typography.Paragraph>{t('enrol.step1')}</Typography.Paragraph>
        <div style={{ display: 'flex', justifyContent: 'center' }}>
          <QRCode
            type="svg"
            value={enrolment.otpauthUri}
            size={180}
            bordered={false}
            aria-label={t('enrol.qr')}
          />
        </div>
        <Typography.Paragraph>
          {t('enrol.secret')}:{' '}
          <Typography.Text code copyable data-testid="enrol-secret">
            {enrolment.totpSecret}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ wordBreak: 'break-all' }}>
          {t('enrol.uri')}: {enrolment.otpauthUri}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">
          {t('enrol.expires', { expires: formatTime(enrolment.expiresAt) })}
        </Typography.Paragraph>
        <Typography.Paragraph>{t('enrol.step2')}</Typography.Paragraph>
        {completed.error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={errorTitle(completed.error)}
            className={styles.alert}
          />
        )}
        <Form<EnrolValues>
          validate={validateWithYup<EnrolValues>(enrolSchema)}
          onSubmit={async (values) => {
            await complete({
              staffEnrolmentCompletion: { token, password: values.password, code: values.code },
            });
          }}
          render={({ handleSubmit, submitting }) => (
            <AntForm layout="vertical" component="div">
              <form onSubmit={handleSubmit} noValidate>
                {/* The username rides along for password managers, which file the new password under it. */}
                <input type="hidden" name="username" autoComplete="username" value={enrolment.username} />
                <TextInput
                  name="password"
                  label={t('enrol.password')}
                  type="password"
                  autoComplete="new-password"
                />
                <TextInput
                  name="passwordAgain"
                  label={t('enrol.passwordAgain')}
                  type="password"
                  autoComplete="new-password"
                />
                <TextInput
                  name="code"
                  label={t('enrol.code')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                />
                <Button type="primary" htmlType="submit" block loading={submitting}>
                  {t('enrol.submit')}
                </Button>
              </form>
            </AntForm>
          )}
        />
      </>
    );
  }
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.language}>
          <LanguageSelect />
        </div>
        <Typography.Title level={1} className={styles.title}>
          {t('enrol.title')}
        </Typography.Title>
        {body}
      </Card>
    </main>
  );
}
