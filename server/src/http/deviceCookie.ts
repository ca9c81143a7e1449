import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { DEVICE_DAYS } from '../domain/loginDevices';

/** Only the login call needs it, so the browser sends it nowhere else. */
const LOGIN_PATH = '/api/v2/players/login';

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
    path: LOGIN_PATH,
    secure: config.https,
    maxAge: DEVICE_DAYS * 24 * 3600,
  });
}
