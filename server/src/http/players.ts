import { noteLinks, signInSignals } from '../domain/players/playerLinks';
import type { FastifyRequest } from 'fastify';
import type { components } from '@core/contract';
import {
  hashPassword,
  isCommonPassword,
  verifyAgainstDummy,
  verifyPassword,
} from '../domain/players/passwords';
import {
  UsernameTakenError,
  createPlayer,
  findPlayerByUsername,
  isValidUsername,
  listPlayerBankAccounts,
  setPasswordHash,
  toBankAccountView,
  toPlayerView,
} from '../domain/players/players';
import { deviceOwner, isKnownDevice, rememberDevice } from '../domain/players/loginDevices';
import { recordReferral } from '../domain/rewards/referrals';
import { exclusionInForce } from '../domain/protection/exclusions';
import type { Queryable } from '../db/types';
import type { AppContext } from '../context';
import { createSession, deleteAllSessions, deleteSessionByToken } from '../domain/players/sessions';
import {
  beginAddressHit,
  beginAttempt,
  beginRegistration,
  markAttemptSucceeded,
} from '../domain/players/throttle';
import { DomainError } from '../errors';
import { clearSessionCookie, currentSession, sessionToken, setSessionCookie } from './auth';
import { deviceToken, setDeviceCookie } from './deviceCookie';
import { ZERO_DATE } from '@core/zeroDate';
import { exclusionView } from './protection';
import { tooManyFromAddress } from './tooManyFromAddress';
import type { SomeHandlers } from './types';

type PlayerInfoResponse = components['schemas']['PlayerInfoResponse'];
type PlayerProfileResponse = components['schemas']['PlayerProfileResponse'];

/**
 * A time-out or self-exclusion in force rides along with the player: the site then offers only withdrawal
 * and history (the server refuses the rest anyway), and says why at login.
 */
async function withRestriction(q: Queryable, playerId: string, body: PlayerProfileResponse, now: Date) {
  const exclusion = await exclusionInForce(q, playerId, now);
  return exclusion ? { ...body, restriction: exclusionView(exclusion) } : body;
}

function refuseCommonPassword(field: string, password: string): void {
  if (isCommonPassword(password)) {
    throw new DomainError('VALIDATION_ERROR', 'This password is too common', [
      { field, message: 'is one of the most common passwords; choose another' },
    ]);
  }
}

/** Auth attempts are logged with who, from where and the outcome; never with the password. */
function logAuth(req: FastifyRequest, event: string, username: string, outcome: string): void {
  req.log.info({ auth: event, username, ip: req.ip, outcome }, `auth ${event}: ${outcome}`);
}

/**
 * Signs the player in on this browser, in the caller's transaction: login after a proved password, and
 * registration, which signs in at once. Returns the session's cookie token and, for a browser not yet known
 * for this player, a device token (deviceCookie.ts).
 */
async function openSession(
  req: FastifyRequest,
  ctx: AppContext,
  q: Queryable,
  playerId: string,
  knownDevice: boolean,
): Promise<{ token: string; device: string | undefined }> {
  // A fresh id at each sign-in: a session id planted before it is worthless after it.
  const oldToken = sessionToken(req, ctx.config);
  if (oldToken) await deleteSessionByToken(q, oldToken);
  const token = await createSession(q, ctx.config, {
    playerId,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
  });
  // This browser is now known for this player: guessing from its address cannot lock the player out.
  const device = knownDevice ? undefined : await rememberDevice(q, playerId);
  await noteLinks(
    q,
    playerId,
    signInSignals({ ip: req.ip, carriedDevice: deviceToken(req, ctx.config), givenDevice: device }),
  );
  return { token, device };
}

export const playerHandlers = {
  async registerPlayer(req, reply, ctx) {
    const { body } = req;
    if (body.password !== body.confirmPassword) {
      throw new DomainError('PASSWORD_MISMATCH', 'The passwords do not match', [
        { field: 'confirmPassword', message: 'does not match password' },
      ]);
    }
    refuseCommonPassword('password', body.password);
    const retryAfter = await beginRegistration(ctx.db, req.ip, ctx.config.registrationsPerIpPerHour);
    if (retryAfter > 0) {
      logAuth(req, 'register', body.username, 'throttled');
      throw new DomainError(
        'TOO_MANY_ATTEMPTS',
        'Too many registrations from this address; try again later',
        [{ field: 'retryAfter', message: String(retryAfter) }],
      );
    }
    const headerFingerprint = req.headers['x-fingerprint'];
    const fingerprint = (typeof headerFingerprint === 'string' && headerFingerprint) || body.fingerprint;
    if (await findPlayerByUsername(ctx.db, body.username)) {
      logAuth(req, 'register', body.username, 'username_taken');
      throw new DomainError('USERNAME_TAKEN', 'This username is taken');
    }
    const passwordHash = await hashPassword(body.password);
    try {
      // Registered and signed in in one transaction: the new player is never left without the session
      // that login would have given them (docs/security.md).
      const { player, token, device } = await ctx.db.tx(async (q) => {
        const created = await createPlayer(q, {
          username: body.username,
          displayName: body.displayName ?? body.username,
          passwordHash,
          fingerprint,
        });
        if (fingerprint) await noteLinks(q, created.id, [{ kind: 'FINGERPRINT', value: fingerprint }]);
        if (body.referralCode)
          await recordReferral(q, {
            friendId: created.id,
            code: body.referralCode,
            ip: req.ip,
            fingerprint,
            deviceOwnerId: await deviceOwner(q, deviceToken(req, ctx.config)),
          });
        return { player: created, ...(await openSession(req, ctx, q, created.id, false)) };
      });
      setSessionCookie(reply, ctx.config, token);
      if (device) setDeviceCookie(reply, ctx.config, device);
      logAuth(req, 'register', body.username, 'registered');
      reply.code(201);
      return { player: toPlayerView(player) };
    } catch (err) {
      if (err instanceof UsernameTakenError)
        throw new DomainError('USERNAME_TAKEN', 'This username is taken');
      throw err;
    }
  },

  async validateUsername(req, reply, ctx) {
    const { username } = req.body;
    // Anonymous, and it tells whether a username exists: bounded per address against enumeration.
    const retryAfter = await beginAddressHit(
      ctx.db,
      'username-check',
      req.ip,
      ctx.config.usernameChecksPerIpPerMinute,
      60,
    );
    if (retryAfter > 0) throw tooManyFromAddress(reply, retryAfter);
    if (!isValidUsername(username)) return { username, available: false, code: 'USERNAME_INVALID' };
    const taken = await findPlayerByUsername(ctx.db, username);
    return taken ? { username, available: false, code: 'USERNAME_TAKEN' } : { username, available: true };
  },

  async loginPlayer(req, reply, ctx) {
    const { username, password } = req.body;
    const ip = req.ip;
    const knownDevice = await isKnownDevice(ctx.db, deviceToken(req, ctx.config), username);
    const { attemptId, retryAfter } = await beginAttempt(ctx.db, username, ip, knownDevice);
    if (retryAfter > 0) {
      logAuth(req, 'login', username, 'throttled');
      reply.header('Retry-After', String(retryAfter));
      throw new DomainError('TOO_MANY_ATTEMPTS', 'Too many attempts; try again later', [
        { field: 'retryAfter', message: String(retryAfter) },
      ]);
    }

    const player = await findPlayerByUsername(ctx.db, username);
    // Unknown user and wrong password take the same time and give the same answer.
    const passwordOk = player
      ? await verifyPassword(player.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!player || !passwordOk) {
      logAuth(req, 'login', username, player ? 'wrong_password' : 'unknown_user');
      throw new DomainError('LOGIN_FAILED', 'Username or password is incorrect');
    }
    // Only someone who knows the password learns that the account is blocked.
    if (player.status === 'BLOCKED') {
      await markAttemptSucceeded(ctx.db, attemptId);
      logAuth(req, 'login', username, 'blocked');
      throw new DomainError('PLAYER_BLOCKED', 'This account is blocked');
    }

    const { token, device } = await ctx.db.tx(async (q) => {
      await markAttemptSucceeded(q, attemptId);
      return openSession(req, ctx, q, player.id, knownDevice);
    });
    setSessionCookie(reply, ctx.config, token);
    if (device) setDeviceCookie(reply, ctx.config, device);
    logAuth(req, 'login', username, 'success');
    return withRestriction(ctx.db, player.id, { player: toPlayerView(player) }, ctx.clock.now());
  },

  /** `security: []`: signing out without a session still clears the cookie. */
  async logoutPlayer(req, reply, ctx) {
    const session = await currentSession(req, ctx);
    const token = sessionToken(req, ctx.config);
    if (token) await deleteSessionByToken(ctx.db, token);
    clearSessionCookie(reply, ctx.config);
    logAuth(req, 'logout', session?.username ?? '', session ? 'success' : 'no_session');
    return { ok: true };
  },

  async changePassword(req, reply, ctx) {
    const { body, session } = req;
    const { player } = session;
    if (body.newPassword !== body.confirmNewPassword) {
      throw new DomainError('PASSWORD_MISMATCH', 'The new passwords do not match', [
        { field: 'confirmNewPassword', message: 'does not match newPassword' },
      ]);
    }
    if (!(await verifyPassword(player.password_hash, body.currentPassword))) {
      logAuth(req, 'change_password', player.username, 'wrong_password');
      throw new DomainError('PASSWORD_INCORRECT', 'The current password is incorrect', [
        { field: 'currentPassword', message: 'is incorrect' },
      ]);
    }
    refuseCommonPassword('newPassword', body.newPassword);
    const newHash = await hashPassword(body.newPassword);
    await ctx.db.tx(async (q) => {
      await setPasswordHash(q, player.id, newHash);
      // Every session, this one included: whoever knew the old password is signed out everywhere.
      await deleteAllSessions(q, player.id);
    });
    clearSessionCookie(reply, ctx.config);
    logAuth(req, 'change_password', player.username, 'success');
    return { ok: true };
  },

  async getPlayerProfile({ session }, _reply, ctx) {
    return withRestriction(
      ctx.db,
      session.playerId,
      { player: toPlayerView(session.player) },
      ctx.clock.now(),
    );
  },

  async getPlayerInfo({ session }, _reply, ctx) {
    const { player } = session;
    // Read with the session, in its statement (SESSION_READS in auth.ts).
    const bankAccounts = session.bankAccounts
      ? session.bankAccounts.map((row) => toBankAccountView(row, player.username))
      : await listPlayerBankAccounts(ctx.db, player.id, player.username);
    return {
      player: toPlayerView(player),
      credential: {
        sessionId: session.publicId,
        loginAt: session.loginAt.toISOString(),
        previousLoginAt: session.previousLoginAt?.toISOString() ?? ZERO_DATE,
      },
      bankAccounts: bankAccounts as PlayerInfoResponse['bankAccounts'],
    };
  },

  async getPromotionBlocking({ session: { player } }) {
    return { blocked: player.promotion_blocked || player.status === 'BLOCKED' };
  },
} satisfies SomeHandlers;
