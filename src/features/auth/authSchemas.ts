import { object, ref, string } from 'yup';
import { USERNAME_PATTERN } from '@core/username';
import type { Range } from '@/api';

/** docs/player-site.md §9 and the contract's defaults, used until agency limits arrive. */
export const DEFAULT_LIMITS: { username: Range; password: Range } = {
  username: { min: 4, max: 20 },
  password: { min: 8, max: 64 },
};
export const CHANGE_PASSWORD_MIN = 8;

/** Messages are i18n keys (auth namespace); the fields translate them with the limits as values. */
export const messages = {
  usernameRequired: 'auth:validation.usernameRequired',
  usernameLength: 'auth:validation.usernameLength',
  usernameChars: 'auth:validation.usernameChars',
  passwordRequired: 'auth:validation.passwordRequired',
  passwordLength: 'auth:validation.passwordLength',
  passwordMin: 'auth:validation.passwordMin',
  confirmRequired: 'auth:validation.confirmRequired',
  passwordMismatch: 'auth:validation.passwordMismatch',
} as const;

export interface LoginValues {
  username: string;
  password: string;
}

export const loginSchema = object({
  username: string().trim().required(messages.usernameRequired),
  password: string().required(messages.passwordRequired),
});

export interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
}

export function registerSchema(limits: { username: Range; password: Range }) {
  return object({
    username: string()
      .required(messages.usernameRequired)
      .min(limits.username.min, messages.usernameLength)
      .max(limits.username.max, messages.usernameLength)
      .matches(USERNAME_PATTERN, messages.usernameChars),
    password: string()
      .required(messages.passwordRequired)
      .min(limits.password.min, messages.passwordLength)
      .max(limits.password.max, messages.passwordLength),
    confirmPassword: string()
      .required(messages.confirmRequired)
      .oneOf([ref('password')], messages.passwordMismatch),
  });
}

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** docs/player-site.md §5: each password at least 8; confirm required; mismatch reported on confirmNewPassword. */
export const changePasswordSchema = object({
  currentPassword: string().required(messages.passwordMin).min(CHANGE_PASSWORD_MIN, messages.passwordMin),
  newPassword: string().required(messages.passwordMin).min(CHANGE_PASSWORD_MIN, messages.passwordMin),
  confirmNewPassword: string()
    .required(messages.confirmRequired)
    .min(CHANGE_PASSWORD_MIN, messages.passwordMin)
    .oneOf([ref('newPassword')], messages.passwordMismatch),
});

/** Usernames are lower case (core/username.ts): capitals a phone keyboard or the player typed become lower. */
export const lowerCaseUsername = (text: string): string => text.toLowerCase();
