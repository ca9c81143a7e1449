import { http, HttpResponse, type HttpHandler } from 'msw';
import type {
  ChangePasswordRequest,
  Game,
  LaunchGameRequest,
  LoginRequest,
  CreditsResponse,
  MoveCreditRequest,
  Player,
  PlayerInfoResponse,
  PlayerProfileResponse,
  PlayerSessionResponse,
  Provider,
  RegisterRequest,
  SaveFingerprintApiArg,
  WalletSettings,
} from '@/api';
import { promotionBindsMove } from '@core/creditMoves';
import { parseThbToSatang, satangToThb } from '@core/money';
import { PROVIDERS } from '@core/providers';
import type { FakeState } from './fakeState';
import { moneyHandlers } from './moneyHandlers';
import { protectionHandlers } from './protectionHandlers';
import { rewardHandlers } from './rewardHandlers';
import { apiPath, errorResponse, track, unauthorized } from './respond';

const USERNAME = /^[a-z0-9_-]{4,20}$/;

function game(
  id: string,
  provider: Provider,
  category: Game['category'],
  name: string,
  flags: Partial<Pick<Game, 'isNew' | 'isHot'>> = {},
): Game {
  return {
    id,
    provider,
    category,
    name,
    thumbnail: `/games/art/${category}-test.svg`,
    isNew: flags.isNew ?? false,
    isHot: flags.isHot ?? false,
    order: 10,
    opensIn: 'frame',
  };
}

export const testGames: Game[] = [
  game('alpha-baccarat', 'alphabet', 'casino', 'Alphabet Baccarat', { isHot: true }),
  game('alpha-slot-lotus', 'alphabet', 'slot', 'Lotus Treasure', { isNew: true }),
  game('amb-slot-001', 'askmebet', 'slot', 'Golden Naga'),
  game('amb-slot-dragon', 'askmebet', 'slot', 'Dragon Fortune', { isHot: true }),
  game('amb-fish-001', 'askmebet', 'fish', 'Mekong Fishing'),
  game('amb-chicken-arena', 'askmebet', 'chicken', 'Cockfight Arena', { isNew: true }),
  game('gclub-roulette', 'gclub', 'casino', 'Roulette'),
  game('gclub-live-baccarat', 'gclub_live', 'casino', 'Live Baccarat'),
];

function creditEntry(state: FakeState, provider: Provider) {
  return { provider, credit: { amount: state.credits[provider], currency: 'THB' as const } };
}

function playerInfoBody(state: FakeState, player: Player): PlayerInfoResponse {
  return {
    player,
    credential: {
      sessionId: 'S-TEST',
      loginAt: state.loginAt,
      previousLoginAt: state.firstLogin ? '0001-01-01T00:00:00Z' : '2026-11-21T19:12:44.000Z',
    },
    bankAccounts: state.bankAccounts,
  };
}

function playerProfileBody(state: FakeState, player: Player): PlayerProfileResponse {
  return { player, ...(state.restriction ? { restriction: state.restriction } : {}) };
}

function playerCreditsBody(state: FakeState): CreditsResponse {
  const credits = PROVIDERS.map((provider) => creditEntry(state, provider));
  const total = credits.reduce((sum, { credit }) => sum + (parseThbToSatang(credit.amount) ?? 0), 0);
  return { credits, total: { amount: satangToThb(total), currency: 'THB' } };
}

/** The shell's endpoints (agency, fingerprint, player, credit, blocking, games) plus the money pages'. */
export function handlers(state: FakeState): HttpHandler[] {
  return [
    http.get(apiPath('/v2/agency/info'), ({ request }) => {
      const failure = track(state, request, 'getAgencyInfo');
      if (failure) return failure;
      if (!state.agency) return errorResponse('AGENCY_NOT_FOUND');
      return HttpResponse.json({ agency: state.agency });
    }),

    http.post(apiPath('/v2/fingerprint'), async ({ request }) => {
      const failure = track(state, request, 'saveFingerprint');
      if (failure) return failure;
      const body = (await request.json()) as SaveFingerprintApiArg['body'];
      state.fingerprints.push(body.fingerprint);
      return HttpResponse.json({ ok: true });
    }),

    http.get(apiPath('/v2/players/info'), ({ request }) => {
      const failure = track(state, request, 'getPlayerInfo');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json(playerInfoBody(state, state.player));
    }),

    http.get(apiPath('/v2/players/profile'), ({ request }) => {
      const failure = track(state, request, 'getPlayerProfile');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json(playerProfileBody(state, state.player));
    }),

    http.get(apiPath('/v2/players/session'), ({ request }) => {
      const failure = track(state, request, 'getPlayerSession');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json({
        info: playerInfoBody(state, state.player),
        profile: playerProfileBody(state, state.player),
        credits: playerCreditsBody(state),
      } satisfies PlayerSessionResponse);
    }),

    http.post(apiPath('/v2/players/login'), async ({ request }) => {
      const failure = track(state, request, 'loginPlayer');
      if (failure) return failure;
      const body = (await request.json()) as LoginRequest;
      const account = state.accounts.find(
        (a) => a.username === body.username && a.password === body.password,
      );
      if (!account) return errorResponse('LOGIN_FAILED');
      state.player = account.player;
      return HttpResponse.json({
        player: account.player,
        ...(state.restriction ? { restriction: state.restriction } : {}),
      });
    }),

    http.post(apiPath('/v2/players/logout'), ({ request }) => {
      const failure = track(state, request, 'logoutPlayer');
      if (failure) return failure;
      state.player = null;
      return HttpResponse.json({ ok: true });
    }),

    http.post(apiPath('/v2/players/register'), async ({ request }) => {
      const failure = track(state, request, 'registerPlayer');
      if (failure) return failure;
      const body = (await request.json()) as RegisterRequest;
      if (body.password !== body.confirmPassword) {
        return errorResponse('PASSWORD_MISMATCH', {
          details: [{ field: 'confirmPassword', message: 'does not match password' }],
        });
      }
      // As the server does: the header's fingerprint, else the body's.
      const fingerprint = request.headers.get('X-Fingerprint') || body.fingerprint;
      if (state.accounts.some((a) => a.username === body.username)) return errorResponse('USERNAME_TAKEN');
      const player = {
        id: `00000000-0000-4000-8000-${String(state.accounts.length).padStart(12, '0')}`,
        username: body.username,
        displayName: body.username,
        status: 'ACTIVE' as const,
        currency: 'THB' as const,
        createdAt: '2026-11-22T07:00:00.000Z',
      };
      state.accounts.push({
        username: body.username,
        password: body.password,
        player,
        fingerprint,
      });
      // Registration signs in, and this is the player's first session.
      state.player = player;
      state.firstLogin = true;
      return HttpResponse.json({ player }, { status: 201 });
    }),

    http.post(apiPath('/v2/players/username/validate'), async ({ request }) => {
      const failure = track(state, request, 'validateUsername');
      if (failure) return failure;
      const { username } = (await request.json()) as { username: string };
      if (!USERNAME.test(username))
        return HttpResponse.json({ username, available: false, code: 'USERNAME_INVALID' });
      const taken = state.accounts.some((a) => a.username === username);
      return HttpResponse.json(
        taken ? { username, available: false, code: 'USERNAME_TAKEN' } : { username, available: true },
      );
    }),

    http.post(apiPath('/v2/players/security/password/change'), async ({ request }) => {
      const failure = track(state, request, 'changePassword');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const body = (await request.json()) as ChangePasswordRequest;
      const account = state.accounts.find((a) => a.player.id === state.player?.id);
      if (!account || account.password !== body.currentPassword) return errorResponse('PASSWORD_INCORRECT');
      account.password = body.newPassword;
      state.player = null; // Every session is revoked.
      return HttpResponse.json({ ok: true });
    }),

    http.get(apiPath('/v2/players/credits/:game'), ({ request, params }) => {
      const failure = track(state, request, 'getPlayerCredit');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const amount = state.credits[params.game as Provider];
      if (amount === undefined) return errorResponse('VALIDATION_ERROR');
      return HttpResponse.json({ credit: { amount, currency: 'THB' } });
    }),

    http.get(apiPath('/v2/players/backlist'), ({ request }) => {
      const failure = track(state, request, 'getPromotionBlocking');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json({ blocked: state.blocked });
    }),

    http.get(apiPath('/v2/games'), ({ request }) => {
      const failure = track(state, request, 'listGames');
      if (failure) return failure;
      // Public: visitors browse the lobbies too.
      const url = new URL(request.url);
      const provider = url.searchParams.get('provider');
      const category = url.searchParams.get('category');
      const games = testGames.filter(
        (g) =>
          (!provider || g.provider === provider) &&
          (!category || g.category === category) &&
          !state.disabledGames.includes(g.id),
      );
      return HttpResponse.json({ games });
    }),

    http.get(apiPath('/v2/players/credits'), ({ request }) => {
      const failure = track(state, request, 'getPlayerCredits');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json(playerCreditsBody(state));
    }),

    http.post(apiPath('/v2/players/credits/move'), async ({ request }) => {
      const failure = track(state, request, 'moveCredit');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const body = (await request.json()) as MoveCreditRequest;
      if (body.from === body.to) return errorResponse('SAME_PROVIDER');
      const inForce = state.usages.find((usage) => usage.status === 'ACTIVE' || usage.status === 'USED');
      if (promotionBindsMove(inForce?.provider, body.from, body.to))
        return errorResponse('PROMOTION_BINDS_CREDIT');
      const from = parseThbToSatang(state.credits[body.from]) ?? 0;
      if (body.credit > from) return errorResponse('CREDIT_NOT_ENOUGH');
      state.credits[body.from] = satangToThb(from - body.credit);
      state.credits[body.to] = satangToThb((parseThbToSatang(state.credits[body.to]) ?? 0) + body.credit);
      return HttpResponse.json({
        reference: `mv:${state.requests.length}`,
        from: creditEntry(state, body.from),
        to: creditEntry(state, body.to),
      });
    }),

    http.get(apiPath('/v2/players/wallet-settings'), ({ request }) => {
      const failure = track(state, request, 'getWalletSettings');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      return HttpResponse.json<WalletSettings>({ bringCreditAlong: state.bringCreditAlong });
    }),

    http.put(apiPath('/v2/players/wallet-settings'), async ({ request }) => {
      const failure = track(state, request, 'setWalletSettings');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      state.bringCreditAlong = ((await request.json()) as WalletSettings).bringCreditAlong;
      return HttpResponse.json<WalletSettings>({ bringCreditAlong: state.bringCreditAlong });
    }),

    http.get(apiPath('/v2/games/mine'), ({ request }) => {
      const failure = track(state, request, 'getPlayerGames');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const byId = (ids: string[]) =>
        ids.flatMap((id) => testGames.filter((g) => g.id === id && !state.disabledGames.includes(id)));
      return HttpResponse.json({ favourites: byId(state.favouriteGames), recent: byId(state.recentGames) });
    }),

    http.put(apiPath('/v2/games/favourites/:gameId'), ({ request, params }) => {
      const failure = track(state, request, 'addFavouriteGame');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const id = String(params.gameId);
      if (!testGames.some((g) => g.id === id)) return errorResponse('GAME_NOT_FOUND');
      if (!state.favouriteGames.includes(id)) state.favouriteGames.unshift(id);
      return HttpResponse.json({ ok: true });
    }),

    http.delete(apiPath('/v2/games/favourites/:gameId'), ({ request, params }) => {
      const failure = track(state, request, 'removeFavouriteGame');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      state.favouriteGames = state.favouriteGames.filter((id) => id !== params.gameId);
      return HttpResponse.json({ ok: true });
    }),

    http.post(apiPath('/v2/games/launch'), async ({ request }) => {
      const failure = track(state, request, 'launchGame');
      if (failure) return failure;
      if (!state.player) return unauthorized();
      const body = (await request.json()) as LaunchGameRequest;
      const game = testGames.find((g) => g.provider === body.provider && g.id === body.gameId);
      if (!game) return errorResponse('GAME_NOT_FOUND');
      if (state.disabledGames.includes(game.id)) return errorResponse('GAME_DISABLED');
      if ((parseThbToSatang(state.credits[body.provider]) ?? 0) === 0) return errorResponse('CREDIT_EMPTY');
      state.recentGames = [game.id, ...state.recentGames.filter((id) => id !== game.id)];
      return HttpResponse.json({
        url: `/sandbox/studio/${body.provider}/${game.id}?token=t0k3n-for-tests-0000000`,
        provider: body.provider,
        gameId: game.id,
        opensIn: game.opensIn,
        expiresAt: '2026-11-23T10:05:00.000Z',
      });
    }),

    ...moneyHandlers(state),
    ...protectionHandlers(state),
    ...rewardHandlers(state),
  ];
}
