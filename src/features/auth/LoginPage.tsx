import { Alert, Button } from 'antd';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  apiErrorCode,
  apiErrorStatus,
  NETWORK_ERROR_KEY,
  useLoginPlayerMutation,
  type ApiError,
} from '@/api';
import { validateWithYup } from '@/lib/validateWithYup';
import { PreloadLink } from '@/ui/PreloadLink';
import { loginSchema, type LoginValues } from './authSchemas';
import { TextField } from './TextField';

const validate = validateWithYup<LoginValues>(loginSchema);

/** Which message a failed login shows: never say whether the username exists. */
function loginErrorKey(error: ApiError): string {
  if (apiErrorStatus(error) === 429) return 'errors:TOO_MANY_ATTEMPTS';
  const code = apiErrorCode(error);
  if (code === 'PLAYER_BLOCKED') return 'errors:PLAYER_BLOCKED';
  if (!code && apiErrorStatus(error) === undefined) return NETWORK_ERROR_KEY;
  return code === 'INTERNAL_ERROR' ? 'errors:INTERNAL_ERROR' : 'errors:LOGIN_FAILED';
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [login, { error, isLoading }] = useLoginPlayerMutation();

  const onSubmit = async (values: LoginValues) => {
    const result = await login({
      loginRequest: { username: values.username.trim(), password: values.password },
    });
    if (!('error' in result)) void navigate('/player', { replace: true });
  };

  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('login.title')}</h1>
      <Form<LoginValues>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate className="auth-form">
            {error && (
              <Alert type="error" showIcon title={t(loginErrorKey(error))} className="auth-form__alert" />
            )}
            <TextField name="username" label={t('fields.username')} autoComplete="username" />
            <TextField
              name="password"
              label={t('fields.password')}
              type="password"
              autoComplete="current-password"
            />
            <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
              {t('login.submit')}
            </Button>
            <p className="auth-form__switch">
              {t('login.noAccount')} <PreloadLink to="/register">{t('login.toRegister')}</PreloadLink>
            </p>
          </form>
        )}
      />
    </div>
  );
}
