import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Password length bounds; the contract's RegisterRequest and agency limits report the same numbers. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

// Argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1): ~70 ms here. `Algorithm` is a const enum in
// the typings, which a per-file transpiler cannot inline, so the value (Argon2id = 2) is written out.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes the password exactly as typed: never trimmed, truncated or case-folded. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A corrupt stored hash must read as a failed login, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real check, for unknown usernames: a login must not reveal by its speed
 * whether the username exists. The dummy hash is a constant computed once, not per-player state.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password for timing equality');
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The most common passwords of at least 8 characters in public breach lists. Refusing them is the one
 * rule NIST and OWASP ask for beyond length; composition rules are deliberately absent.
 */
// prettier-ignore
const COMMON_PASSWORDS = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '123456123', '987654321', '0987654321',
  '11111111', '111111111', '1111111111', '00000000', '88888888', '66666666', '99999999', '12341234',
  '11223344', '12121212', '123qweasd', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'zaq12wsx', 'qwertyui',
  'qwertyuiop', 'qwerty123', 'qwerty12', 'qwe12345', 'asdfghjkl', 'asdf1234', 'abcd1234', 'abc12345',
  'abcdefgh', 'a1b2c3d4', 'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball',
  'welcome1', 'welcome123', 'superman', 'starwars', 'trustno1', 'whatever', 'dragon123', 'master123',
  'letmein1', 'changeme', 'computer', 'internet', 'corvette', 'jennifer', 'michelle', 'mustang1',
  'liverpool', 'chelsea1', 'admin123', 'administrator', 'aa123456', 'qwer1234', 'zxcvbnm1', 'zxcvbnm123',
]);

/** True when the password is on the refused list (compared case-insensitively: "PASSWORD" is as weak). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
