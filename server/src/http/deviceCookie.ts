import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { DEVICE_DAYS } from '../domain/players/loginDevices';

/**
 * Sent with every request of the site: the login reads it (a known device is exempt from the per-address
 * ceiling), and so do the registrations, the app's and the form page's (a friend registered on the
 * referrer's own browser earns no commission, docs/rewards.md). HttpOnly and SameSite=Strict, so no
 * script and no other site sees it.
 */
const DEVICE_COOKIE_PATH = '/';

/** Over HTTPS the `__Secure-` prefix makes the browser refuse it from plain HTTP. */
function deviceCookieName(config: Pick<Config, 'https'>): string {
  return config.https ? '__Secure-did' : 'did';
}

/** The device token this browser got at an earlier successful login (loginDevices.ts), if any. */
export function deviceToken(req: FastifyRequest, config: Pick<Config, 'https'>): string | undefined {
  return req.cookies[deviceCookieName(config)] || undefined;
}

export function setDeviceCookie(reply: FastifyReply, config: Pick<Config, 'https'>, token: string): void {
  reply.setCookie(deviceCookieName(config), token, {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    secure: config.https,
    maxAge: DEVICE_DAYS * 24 * 3600,
  });
}
