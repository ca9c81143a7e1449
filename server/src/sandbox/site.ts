/**
 * What the sandbox providers and their studio use of the site they play for: the one door between them
 * (a real provider reaches the site only over HTTP). No other module under sandbox/ imports the site's
 * domain or HTTP layer (eslint.config.mjs), so every crossing is written here, where it can be read whole.
 */
export { redeemLaunchToken } from '../domain/games/launchTokens';
// A sandbox game refuses bets the site's player protection refuses (docs/protection.md).
export { assertMayPlay, noteGameActivity } from '../domain/protection/protectionChecks';
export { sendNotFound } from '../http/errorHandler';
export { allowFramingBySite } from '../http/security';
export type { SomeHandlers } from '../http/types';
// Whether a sandbox provider plays seamless (calls the site's wallet API) or keeps its own wallet.
export { isSeamless } from '../domain/games/walletModes';
