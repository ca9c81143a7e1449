import { PROVIDERS } from '@core/providers';
import type { ProviderCode } from '../adapters';
import type { AppContext } from '../context';
import {
  addGame,
  listGamesForOps,
  setGameEnabled,
  setGameFlags,
  setGameOrder,
  type OpsGame,
} from '../domain/games/games';

export const GAMES_USAGE = `  games list [--provider P]            the catalogue, disabled games too, in lobby order
  games add <id> <provider> <category> <name...> [--thumbnail MOTIF] [--new] [--hot] [--order N]
                                       add an enabled game (default order: after the provider's last)
  games disable <id> | enable <id>     take a game off the lobby, or put it back
  games order <id> <N>                 move a game within its provider (lower first)
  games flag <id> --new|--hot|--plain  set the new/hot badges (--new --hot for both; --plain for none)`;

/** A malformed games command: opsCommands answers it with the usage and exit code 2. */
export class GamesUsageError extends Error {}

const ACTIONS = ['list', 'add', 'disable', 'enable', 'order', 'flag'];

/** Options that take a value; every other --word is a flag. */
const VALUE_OPTIONS = new Set(['--provider', '--thumbnail', '--order']);

function parse(args: string[]): { positional: string[]; options: Map<string, string | true> } {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) positional.push(arg);
    else if (VALUE_OPTIONS.has(arg)) {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new GamesUsageError(`${arg} needs a value`);
      options.set(arg, value);
      i += 1;
    } else if (['--new', '--hot', '--plain'].includes(arg)) options.set(arg, true);
    else throw new GamesUsageError(`unknown option ${arg}`);
  }
  return { positional, options };
}

function wholeNumber(value: string | undefined, what: string): number {
  if (value === undefined || !/^[0-9]+$/.test(value))
    throw new GamesUsageError(`${what} must be a whole number`);
  return Number(value);
}

function formatGame(g: OpsGame): string {
  const flags = [g.isNew ? 'new' : '', g.isHot ? 'hot' : ''].filter(Boolean).join(',') || '-';
  return [
    g.id.padEnd(18),
    g.provider.padEnd(10),
    g.category.padEnd(7),
    String(g.order).padStart(6),
    flags.padEnd(7),
    (g.enabled ? 'enabled' : 'DISABLED').padEnd(8),
    g.name,
  ].join('  ');
}

/**
 * `npm run ops -- games <action> …`: the output lines. Refusals throw DomainError (unknown game, invalid
 * field), malformed commands GamesUsageError; opsCommands turns both into exit codes.
 */
export async function runGamesCommand(ctx: AppContext, args: string[]): Promise<string[]> {
  const [action, ...rest] = args;
  if (!ACTIONS.includes(action ?? '')) throw new GamesUsageError(`unknown command: games ${args.join(' ')}`);
  const { positional, options } = parse(rest);
  const id = positional[0];
  if (action === 'list') {
    const provider = options.get('--provider');
    if (provider !== undefined && !(PROVIDERS as readonly unknown[]).includes(provider))
      throw new GamesUsageError(`--provider must be one of ${PROVIDERS.join(', ')}`);
    const games = await listGamesForOps(ctx.db, provider as ProviderCode | undefined);
    return [...games.map(formatGame), `${games.length} game(s)`];
  }
  if (!id) throw new GamesUsageError('missing game id');
  if (action === 'add') {
    const [, provider, category, ...nameWords] = positional;
    if (!provider || !category || nameWords.length === 0)
      throw new GamesUsageError('games add needs <id> <provider> <category> <name...>');
    const order = options.get('--order');
    const game = await addGame(ctx.db, {
      id,
      provider,
      category,
      name: nameWords.join(' '),
      motif: options.get('--thumbnail') as string | undefined,
      isNew: options.has('--new'),
      isHot: options.has('--hot'),
      order: order === undefined ? undefined : wholeNumber(order as string, '--order'),
    });
    return [`added ${formatGame(game)}`];
  }
  let game: OpsGame;
  if (action === 'disable' || action === 'enable')
    game = await setGameEnabled(ctx.db, id, action === 'enable');
  else if (action === 'order') game = await setGameOrder(ctx.db, id, wholeNumber(positional[1], 'the order'));
  else if (action === 'flag') {
    const plain = options.has('--plain');
    const isNew = options.has('--new');
    const isHot = options.has('--hot');
    if (plain === (isNew || isHot))
      throw new GamesUsageError('games flag needs --new and/or --hot, or --plain');
    game = await setGameFlags(ctx.db, id, { isNew, isHot });
  } else throw new GamesUsageError(`unknown command: games ${args.join(' ')}`);
  return [formatGame(game)];
}
