import { bankHandlers } from './bank';
import { creditHandlers } from './credits';
import { currencyHandlers } from './currencies';
import { depositHandlers } from './deposits';
import { gameHandlers } from './games';
import { paymentHandlers } from './payments';
import { promotionHandlers } from './promotions';
import { sandboxHandlers } from './sandbox';
import { sandboxProviderHandlers } from './sandboxProvider';
import { withdrawHandlers } from './withdraws';

/**
 * Every money operation of the contract (banks, bank accounts, currencies, credit, deposits, payments,
 * sandbox bank, withdrawals, games, promotions), merged into the app's handler table by operationId.
 * Handlers only read the request and call domain modules; the rules live in server/src/domain.
 */
export const moneyHandlers = {
  ...bankHandlers,
  ...currencyHandlers,
  ...creditHandlers,
  ...depositHandlers,
  ...paymentHandlers,
  ...sandboxHandlers,
  ...sandboxProviderHandlers,
  ...withdrawHandlers,
  ...gameHandlers,
  ...promotionHandlers,
};
