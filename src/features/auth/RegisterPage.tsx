import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { Button } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Form, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiErrorCode, useGetAgencyInfoQuery, useRegisterPlayerMutation, type ApiError } from '@/api';
import { getDeviceFingerprint } from '@/lib/fingerprint';
import { keptReferralCode } from '@/lib/referralLink';
import { fieldErrorKey } from '@/ui/form/fieldError';
import { FormFrame } from '@/ui/form/FormFrame';
import { submitWith } from '@/ui/form/submitErrors';
import { TextField } from '@/ui/form/TextField';
import { validateWithYup } from '@/ui/form/validateWithYup';
import { PreloadLink } from '@/ui/PreloadLink';
import { SvgIcon } from '@/ui/SvgIcon';
import { USERNAME_PATTERN } from '@core/username';
import { DEFAULT_LIMITS, lowerCaseUsername, registerSchema, type RegisterValues } from './authSchemas';
import { useUsernameAvailability, type Availability } from './useUsernameAvailability';
import { readLoginReturn } from '@/lib/loginReturn';
import styles from './AuthForm.module.css';

/** Where a new player goes once registered (and signed in): money first, then a game. */
export const AFTER_REGISTRATION = '/player/deposit';

const AVAILABILITY_KEYS: Partial<Record<Availability, string>> = {
  checking: 'register.usernameChecking',
  available: 'register.usernameAvailable',
  taken: 'errors:USERNAME_TAKEN',
  invalid: 'errors:USERNAME_INVALID',
};

function registerErrorKey(error: ApiError): string {
  return apiErrorCode(error) === 'USERNAME_TAKEN' ? 'errors:USERNAME_TAKEN' : 'auth:register.failed';
}

function UsernameField({
  limits,
  onTaken,
}: {
  limits: typeof DEFAULT_LIMITS;
  /** Told each username the server finds taken, so the form can refuse to submit it. */
  onTaken: (username: string) => void;
}) {
  const { t } = useTranslation('auth');
  const { input, meta } = useField<string>('username', {
    subscription: { value: true, error: true, touched: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const value = input.value ?? '';
  const wellFormed =
    value.length >= limits.username.min &&
    value.length <= limits.username.max &&
    USERNAME_PATTERN.test(value);
  const availability = useUsernameAvailability(value, wellFormed);
  // While the field shows an error (e.g. "taken" after a refused submit), the hint does not repeat it.
  const hintKey = fieldErrorKey(meta) ? undefined : AVAILABILITY_KEYS[availability];

  useEffect(() => {
    if (availability === 'taken') onTaken(value);
  }, [availability, value, onTaken]);

  return (
    <TextField
      name="username"
      label={t('fields.username')}
      autoComplete="username"
      verbatim
      // The form opens to be typed in; the keyboard's Next key walks through the fields (issue 50).
      focusOnOpen
      next="password"
      parse={lowerCaseUsername}
      messageValues={limits.username}
      hint={
        hintKey ? (
          <span
            className={
              availability === 'available'
                ? styles['hint--ok']
                : availability === 'checking'
                  ? ''
                  : styles['hint--bad']
            }
          >
            {t(hintKey)}
          </span>
        ) : (
          t('register.usernameRule', limits.username)
        )
      }
    />
  );
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { data: agency } = useGetAgencyInfoQuery();
  const [register] = useRegisterPlayerMutation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Sent here from a player page (a game a visitor wanted to play): back to it once registered.
  const { next } = readLoginReturn(search);
  // One toggle shows or hides both password fields (as in the change-password dialog).
  const [passwordsShown, setPasswordsShown] = useState(false);
  const passwordType = passwordsShown ? 'text' : 'password';
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const markTaken = useCallback(
    (username: string) => setTaken((known) => (known.has(username) ? known : new Set(known).add(username))),
    [],
  );
  const limits = agency?.agency.limits ?? DEFAULT_LIMITS;
  const validate = useMemo(() => {
    const bySchema = validateWithYup<RegisterValues>(registerSchema(limits));
    // A username shown as taken is refused here, before any register call (final-form validates again
    // whenever this function changes, so a "taken" answer counts as soon as it arrives).
    return (values: RegisterValues) => {
      const errors = bySchema(values);
      if (!errors.username && taken.has(values.username)) errors.username = 'errors:USERNAME_TAKEN';
      return errors;
    };
  }, [limits, taken]);

  const onSubmit = (values: RegisterValues) =>
    submitWith(async () => {
      const { fingerprint } = await getDeviceFingerprint();
      const referralCode = keptReferralCode();
      await register({
        'X-Fingerprint': fingerprint,
        registerRequest: { ...values, fingerprint, ...(referralCode ? { referralCode } : {}) },
      }).unwrap();
      // Registration signs in (docs/player-site.md §4): nothing is pending, so no "wait N minutes" step.
      // Committed at once (not as a transition), so the visitor-only guard knows the page is being left
      // before the new player's info arrives, and does not send them to /player instead.
      void navigate(next ?? AFTER_REGISTRATION, { replace: true, flushSync: true });
    }, registerErrorKey);

  return (
    <div className="page page--narrow">
      <h1 className="page__title">{t('register.title')}</h1>
      <Form<RegisterValues>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit, submitting, submitError }) => (
          <FormFrame onSubmit={handleSubmit} submitError={submitError} className={styles['auth-form']}>
            <UsernameField limits={limits} onTaken={markTaken} />
            <TextField
              name="password"
              label={t('fields.password')}
              type={passwordType}
              autoComplete="new-password"
              messageValues={limits.password}
              next="confirmPassword"
            />
            <TextField
              name="confirmPassword"
              label={t('fields.confirmPassword')}
              type={passwordType}
              autoComplete="new-password"
            />
            <Button
              type="link"
              className={styles['auth-form__toggle']}
              icon={<SvgIcon icon={passwordsShown ? EyeInvisibleOutlined : EyeOutlined} />}
              aria-pressed={passwordsShown}
              onClick={() => setPasswordsShown((shown) => !shown)}
            >
              {passwordsShown ? t('register.hidePasswords') : t('register.showPasswords')}
            </Button>
            <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
              {t('register.submit')}
            </Button>
            <p className={styles['auth-form__switch']}>
              {t('register.haveAccount')} <PreloadLink to="/login">{t('register.toLogin')}</PreloadLink>
            </p>
          </FormFrame>
        )}
      />
    </div>
  );
}
