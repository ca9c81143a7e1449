import { getAgency } from '../domain/players/agency';
import { DomainError } from '../errors';
import type { SomeHandlers } from './types';

export const agencyHandlers = {
  async getAgencyInfo(_req, _reply, ctx) {
    const agency = await getAgency(ctx.db, ctx.config);
    // The site shows its "cannot log in, contact support" page on this 404.
    if (!agency) throw new DomainError('AGENCY_NOT_FOUND', 'No agency is configured');
    return { agency };
  },
} satisfies SomeHandlers;
