import type { HandlerMap } from './types';

/**
 * Every money operation of the contract (banks, bank accounts, currencies, credit, deposits, payments,
 * sandbox bank, withdrawals, games, promotions), merged into the app's handler table by operationId.
 */
export const moneyHandlers: HandlerMap = {};
