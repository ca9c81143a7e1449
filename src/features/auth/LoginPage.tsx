import { Alert, Button } from 'antd';
import { useSyncExternalStore } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  apiErrorCode,
  apiErrorStatus,
  NETWORK_ERROR_KEY,
  useLoginPlayerMutation,
  type ApiError,
} from '@/api';
import { formatDate } from '@/lib/format';
import { FormFrame } from '@/ui/form/FormFrame';
import { answeredValues, usePostedForm } from '@/ui/form/formPost';
import { submitWith } from '@/ui/form/submitErrors';
import { TextField } from '@/ui/form/TextField';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { PreloadLink } from '@/ui/PreloadLink';
import { SupportLinks } from '@/ui/SupportLinks';
import { loginSchema, lowerCaseUsername, type LoginValues } from './authSchemas';
import { readLoginReturn } from '@/lib/loginReturn';
import styles from './AuthForm.module.css';

const validate = validateWithYup<LoginValues>(loginSchema);

/** Which message a failed login shows: never say whether the username exists. */
function loginErrorKey(error: ApiError): string {
  if (apiErrorStatus(error) === 429) return 'errors:TOO_MANY_ATTEMPTS';
  const code = apiErrorCode(error);
  if (code === 'PLAYER_BLOCKED') return 'errors:PLAYER_BLOCKED';
  if (!code && apiErrorStatus(error) === undefined) return NETWORK_ERROR_KEY;
  return code === 'INTERNAL_ERROR' ? 'errors:INTERNAL_ERROR' : 'errors:LOGIN_FAILED';
}

const subscribeNothing = () => () => {};

/**
 * False while React takes over the pre-rendered /login markup, true after. The page was rendered at build
 * time without any query, so what the query adds (the ended-session alert) is shown only once hydration is
 * done, or the markup would differ from the render being hydrated.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [login] = useLoginPlayerMutation();
  const [search] = useSearchParams();
  // Sent here from a player page (session ended, or not logged in yet): back to it after logging in.
  const { next, sessionEnded, selfExcludedUntil } = readLoginReturn(search);
  const hydrated = useHydrated();
  // After a login the server refused (posted before the app arrived), the username typed stays.
  const { username } = answeredValues<LoginValues>('login', usePostedForm('login'));

  const onSubmit = (values: LoginValues) =>
    submitWith(async () => {
      await login({
        loginRequest: { username: values.username.trim(), password: values.password },
      }).unwrap();
      void navigate(next ?? '/player', { replace: true });
    }, loginErrorKey);

  return (
    // data-hydrated: the pre-rendered form is live (tests wait for it before typing, as text typed into the
    // static markup is not in the form's state).
    <div className="page page--narrow" data-hydrated={hydrated ? 'true' : undefined}>
      <h1 className="page__title">{t('login.title')}</h1>
      {sessionEnded && hydrated && (
        <Alert
          type="info"
          showIcon
          role="status"
          title={t('login.sessionEnded')}
          style={{ marginBottom: 16 }}
        />
      )}
      {selfExcludedUntil && hydrated && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={t('protection:selfExclusion.doneTitle')}
          description={
            <>
              <p>{t('protection:selfExclusion.doneText', { date: formatDate(selfExcludedUntil) })}</p>
              <SupportLinks />
            </>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<LoginValues>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={username ? { username } : undefined}
        render={({ handleSubmit, submitting, submitError }) => (
          <FormFrame
            onSubmit={handleSubmit}
            submitError={submitError}
            className={styles['auth-form']}
            post="login"
          >
            <TextField
              name="username"
              label={t('fields.username')}
              autoComplete="username"
              verbatim
              parse={lowerCaseUsername}
              // Opened to be typed in: the first empty field takes the keyboard, Next walks on (issue 50).
              focusOnOpen={!username}
              next="password"
            />
            <TextField
              name="password"
              label={t('fields.password')}
              type="password"
              autoComplete="current-password"
              focusOnOpen={Boolean(username)}
            />
            <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
              {t('login.submit')}
            </Button>
            <p className={styles['auth-form__switch']}>
              {t('login.noAccount')} <PreloadLink to="/register">{t('login.toRegister')}</PreloadLink>
            </p>
          </FormFrame>
        )}
      />
    </div>
  );
}
