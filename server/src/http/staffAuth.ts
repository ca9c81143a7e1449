import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { roleMay, type StaffPermission } from '@core/staffRoles';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { auditEvent } from '../domain/ledger/audit';
import { findStaffSession, STAFF_ABSOLUTE_HOURS, type StaffSession } from '../domain/staff/staffSessions';
import type { StaffActor } from '../domain/money/withdrawalApprovals';
import { DomainError } from '../errors';

/**
 * The back office's own cookie: only ever sent to the staff operations (its path), never with a player
 * page or call; SameSite Strict, so no other site's page can send it. Over HTTPS it is Secure too.
 */
export const STAFF_COOKIE = 'bo_sid';
export const STAFF_COOKIE_PATH = '/api/v2/backoffice';

export function setStaffCookie(reply: FastifyReply, config: Pick<Config, 'https'>, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: STAFF_COOKIE_PATH,
    secure: config.https,
    maxAge: STAFF_ABSOLUTE_HOURS * 3600,
  });
}

export function clearStaffCookie(reply: FastifyReply, config: Pick<Config, 'https'>): void {
  reply.clearCookie(STAFF_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: STAFF_COOKIE_PATH,
    secure: config.https,
  });
}

export function staffToken(req: FastifyRequest): string | undefined {
  return req.cookies[STAFF_COOKIE] || undefined;
}

/** BACKOFFICE_ALLOWED_IPS: when set, the back office answers these addresses only (login included). */
export function assertStaffAddressAllowed(
  req: FastifyRequest,
  config: Pick<Config, 'backofficeAllowedIps'>,
): void {
  if (config.backofficeAllowedIps.length > 0 && !config.backofficeAllowedIps.includes(req.ip))
    throw new DomainError('STAFF_ADDRESS_NOT_ALLOWED', 'The back office is not open to this address');
}

/** The staff member acting in this request, as the audit log names them, and who they are (approvals). */
export function staffActor(req: FastifyRequest & { staff: StaffSession }): StaffActor {
  return { name: `staff:${req.staff.username}`, address: req.ip, staffId: req.staff.staffId };
}

/**
 * The one check of every back office operation, attached by the contract binder: the address is allowed,
 * the request carries a live staff session (401 otherwise: a player's cookie is never one), and the
 * member's role has the operation's permission (403 STAFF_FORBIDDEN otherwise). A refusal of a live
 * session is audited; a request without one names nobody and is only logged (docs/backoffice.md#audit).
 */
export function staffChecks(
  ctx: AppContext,
): (operationId: string, permission: string) => preHandlerAsyncHookHandler {
  return (operationId, permission) => async (req) => {
    assertStaffAddressAllowed(req, ctx.config);
    const token = staffToken(req);
    const staff = token ? await findStaffSession(ctx.db, token) : null;
    if (!staff) throw new DomainError('UNAUTHORIZED', 'Sign in to the back office');
    if (!roleMay(staff.role, permission as StaffPermission)) {
      await auditEvent(
        ctx.db,
        { name: `staff:${staff.username}`, address: req.ip },
        {
          action: 'staff.refused',
          target: `operation:${operationId}`,
          after: { code: 'STAFF_FORBIDDEN', permission },
        },
      );
      throw new DomainError('STAFF_FORBIDDEN', `The ${staff.role} role may not do this`);
    }
    req.staff = staff;
  };
}
