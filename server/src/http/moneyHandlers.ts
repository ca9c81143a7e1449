import { bankHandlers } from './bank';
import { creditHandlers } from './credits';
import { currencyHandlers } from './currencies';
import { depositHandlers } from './deposits';
import { gameHandlers } from './games';
import { paymentHandlers } from './payments';
import { promotionHandlers } from './promotions';
import { rewardHandlers } from './rewards';
import { sandboxHandlers } from './sandbox';
import { sandboxProviderHandlers } from './sandboxProvider';
import { walletSettingsHandlers } from './walletSettings';
import { withdrawHandlers } from './withdraws';

/**
 * Every money operation of the contract (banks, bank accounts, currencies, credit and how it follows the
 * player, deposits, payments, sandbox bank, withdrawals, games, promotions), merged into the app's handler table by operationId.
 * Handlers only read the request and call domain modules; the rules live in server/src/domain.
 */
export const moneyHandlers = {
  ...bankHandlers,
  ...currencyHandlers,
  ...creditHandlers,
  ...walletSettingsHandlers,
  ...depositHandlers,
  ...paymentHandlers,
  ...sandboxHandlers,
  ...sandboxProviderHandlers,
  ...withdrawHandlers,
  ...gameHandlers,
  ...promotionHandlers,
  ...rewardHandlers,
};
