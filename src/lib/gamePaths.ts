import type { GameCategory, Provider } from '@/api';
import { loginPath } from './loginReturn';

/** Where a game is played: the in-app game view of its provider. */
export function gameViewPath(game: { provider: Provider; id: string }): string {
  return `/player/game/${game.provider}/play/${game.id}`;
}

/** Where Play leads: a visitor logs in first and comes back straight into the game (docs/games.md). */
export function playPath(game: { provider: Provider; id: string }, visitor: boolean): string {
  return visitor ? loginPath(gameViewPath(game)) : gameViewPath(game);
}

/** A provider's lobby: the player's, with their credit, or the one a visitor browses before logging in. */
export function lobbyPath(provider: Provider, visitor: boolean): string {
  return visitor ? `/games/${provider}` : `/player/game/${provider}`;
}

/** One category across every provider, as the `tab` query names it (`?tab=Fish`). */
export function categoryLobbyPath(category: GameCategory, visitor: boolean): string {
  const tab = `${category.charAt(0).toUpperCase()}${category.slice(1)}`;
  return `${visitor ? '/games' : '/player/games'}?tab=${tab}`;
}
