import type { components } from '../contract/types';
import { getAgency } from '../domain/agency';
import { ApiError } from '../errors';
import type { HandlerMap } from './types';

export const agencyHandlers: HandlerMap = {
  async getAgencyInfo(_req, _reply, ctx): Promise<components['schemas']['AgencyInfoResponse']> {
    const agency = await getAgency(ctx.db, ctx.config);
    // The site shows its "cannot log in, contact support" page on this 404.
    if (!agency) throw new ApiError(404, 'AGENCY_NOT_FOUND', 'No agency is configured');
    return { agency };
  },
};
