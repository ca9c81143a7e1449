import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { issueLaunchToken, redeemLaunchToken } from '../src/domain/games/launchTokens';
import { loggerOptions, redactUrl } from '../src/log';
import { runOps } from '../src/ops/commands';
import { createTestApp, registerAndLogin, type TestApp } from './helpers';
import { call, fundedPlayer } from './moneyFixtures';

const NO_FAULTS = { down: false, latencyMs: 0, errorPercent: 0, timeoutPercent: 0, duplicatePercent: 0 };

describe('game launch', () => {
  let t: TestApp;
  /** A player with 153.84 THB at alphabet and nothing elsewhere. */
  let player: Awaited<ReturnType<typeof fundedPlayer>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX: 'true' } });
    player = await fundedPlayer(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function launch(cookie: string, provider: string, gameId: string) {
    return call(t.app, 'launchGame', 'POST', '/api/v2/games/launch', {
      cookie,
      payload: { provider, gameId },
    });
  }

  function tokenOf(url: string): string {
    return new URL(url, 'http://localhost').searchParams.get('token')!;
  }

  async function recentOf(cookie: string): Promise<string[]> {
    const res = await call(t.app, 'getPlayerGames', 'GET', '/api/v2/games/mine', { cookie });
    return res.body.recent.map((g: { id: string }) => g.id);
  }

  it('answers a one-time address for the game, valid for the configured minutes, and stores only its hash', async () => {
    const before = Date.now();
    const res = await launch(player.cookie, 'alphabet', 'alp-slot-003');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'alphabet', gameId: 'alp-slot-003', opensIn: 'frame' });
    expect(res.body.url).toMatch(/^\/sandbox\/studio\/alphabet\/alp-slot-003\?token=[A-Za-z0-9_-]{43}$/);
    const ttl = t.ctx.config.launchTokenTtlSeconds * 1000;
    const expiresAt = Date.parse(res.body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + ttl - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + ttl + 1000);

    const token = tokenOf(res.body.url);
    const again = await launch(player.cookie, 'alphabet', 'alp-slot-003');
    expect(tokenOf(again.body.url)).not.toBe(token);

    const { rows } = await t.ctx.db.query<{ token_hash: string; player_id: string }>(
      'SELECT token_hash, player_id FROM launch_tokens WHERE game_id = $1',
      ['alp-slot-003'],
    );
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.every((r) => r.player_id === player.playerId)).toBe(true);
  });

  it('refuses CREDIT_EMPTY where the player has no credit, and records nothing', async () => {
    expect(await launch(player.cookie, 'askmebet', 'amb-slot-001')).toMatchObject({
      status: 409,
      body: { code: 'CREDIT_EMPTY' },
    });
    const newcomer = await registerAndLogin(t.app);
    expect(await launch(newcomer.cookie, 'alphabet', 'alp-slot-001')).toMatchObject({
      status: 409,
      body: { code: 'CREDIT_EMPTY' },
    });
    expect(await recentOf(newcomer.cookie)).toEqual([]);
    const tokens = await t.ctx.db.query('SELECT 1 FROM launch_tokens WHERE player_id = $1', [
      newcomer.playerId,
    ]);
    expect(tokens.rows).toHaveLength(0);
  });

  it('refuses GAME_NOT_FOUND for an unknown game and for a game of another provider', async () => {
    expect(await launch(player.cookie, 'alphabet', 'alp-slot-999')).toMatchObject({
      status: 404,
      body: { code: 'GAME_NOT_FOUND' },
    });
    expect(await launch(player.cookie, 'alphabet', 'amb-slot-001')).toMatchObject({
      status: 404,
      body: { code: 'GAME_NOT_FOUND' },
    });
    expect((await launch(player.cookie, 'alphabet', 'NOT A GAME')).status).toBe(400);
  });

  it('refuses GAME_DISABLED for a game the operator took off the lobby', async () => {
    expect(
      (await runOps(t.ctx, ['games', 'add', 'alp-card-900', 'alphabet', 'card', 'Kaeng Card'])).exitCode,
    ).toBe(0);
    expect((await runOps(t.ctx, ['games', 'disable', 'alp-card-900'])).exitCode).toBe(0);
    expect(await launch(player.cookie, 'alphabet', 'alp-card-900')).toMatchObject({
      status: 409,
      body: { code: 'GAME_DISABLED' },
    });
    expect((await runOps(t.ctx, ['games', 'enable', 'alp-card-900'])).exitCode).toBe(0);
    expect((await launch(player.cookie, 'alphabet', 'alp-card-900')).status).toBe(200);
  });

  it('refuses PROVIDER_UNAVAILABLE while the provider does not answer', async () => {
    const alphabet = t.ctx.adapters.providers.alphabet;
    await alphabet.setFaults({ ...NO_FAULTS, down: true });
    try {
      expect(await launch(player.cookie, 'alphabet', 'alp-slot-004')).toMatchObject({
        status: 503,
        body: { code: 'PROVIDER_UNAVAILABLE' },
      });
    } finally {
      await alphabet.setFaults(NO_FAULTS);
    }
    expect(await recentOf(player.cookie)).not.toContain('alp-slot-004');
    expect((await launch(player.cookie, 'alphabet', 'alp-slot-004')).status).toBe(200);
  });

  it('opens the game once: a token redeems for its player, and a second use is refused', async () => {
    const res = await launch(player.cookie, 'alphabet', 'alp-fish-002');
    const token = tokenOf(res.body.url);
    const redeem = () => redeemLaunchToken(t.ctx.db, { token, provider: 'alphabet', gameId: 'alp-fish-002' });
    expect(await redeem()).toEqual({ playerId: player.playerId, sessionId: expect.any(String) });
    await expect(redeem()).rejects.toMatchObject({ code: 'LAUNCH_TOKEN_INVALID' });
  });

  it('lets exactly one of two simultaneous redeems of a token through', async () => {
    const token = tokenOf((await launch(player.cookie, 'alphabet', 'alp-fish-003')).body.url);
    const redeem = () => redeemLaunchToken(t.ctx.db, { token, provider: 'alphabet', gameId: 'alp-fish-003' });
    const results = await Promise.allSettled([redeem(), redeem()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'LAUNCH_TOKEN_INVALID' },
    });
  });

  it('refuses a token for another provider or game without spending it, and an unknown token', async () => {
    const token = tokenOf((await launch(player.cookie, 'alphabet', 'alp-slot-005')).body.url);
    await expect(
      redeemLaunchToken(t.ctx.db, { token, provider: 'askmebet', gameId: 'alp-slot-005' }),
    ).rejects.toMatchObject({ code: 'LAUNCH_TOKEN_INVALID' });
    await expect(
      redeemLaunchToken(t.ctx.db, { token, provider: 'alphabet', gameId: 'alp-slot-006' }),
    ).rejects.toMatchObject({ code: 'LAUNCH_TOKEN_INVALID' });
    for (const unknown of ['', 'x'.repeat(43), `${token}x`, token.toUpperCase()])
      await expect(
        redeemLaunchToken(t.ctx.db, { token: unknown, provider: 'alphabet', gameId: 'alp-slot-005' }),
      ).rejects.toMatchObject({ code: 'LAUNCH_TOKEN_INVALID' });
    expect(
      await redeemLaunchToken(t.ctx.db, { token, provider: 'alphabet', gameId: 'alp-slot-005' }),
    ).toMatchObject({
      playerId: player.playerId,
    });
  });

  it("binds a token to its player: another player's token never opens the game as them", async () => {
    const other = await fundedPlayer(t.app);
    const mine = tokenOf((await launch(player.cookie, 'alphabet', 'alp-slot-007')).body.url);
    const theirs = tokenOf((await launch(other.cookie, 'alphabet', 'alp-slot-007')).body.url);
    const game = { provider: 'alphabet' as const, gameId: 'alp-slot-007' };
    expect(await redeemLaunchToken(t.ctx.db, { token: theirs, ...game })).toMatchObject({
      playerId: other.playerId,
    });
    expect(await redeemLaunchToken(t.ctx.db, { token: mine, ...game })).toMatchObject({
      playerId: player.playerId,
    });
  });

  it('expires a token after its lifetime (LAUNCH_TOKEN_EXPIRED), and cleans expired tokens up later', async () => {
    const issuedAt = new Date('2020-01-01T10:00:00.000Z');
    const game = { provider: 'alphabet' as const, gameId: 'alp-slot-008' };
    const issue = () =>
      issueLaunchToken(
        t.ctx.db,
        { playerId: player.playerId, ...game },
        { ttlSeconds: 120, now: () => issuedAt },
      );
    const at = (seconds: number) => ({ now: () => new Date(issuedAt.getTime() + seconds * 1000) });

    const early = await issue();
    expect(early.expiresAt).toEqual(new Date('2020-01-01T10:02:00.000Z'));
    expect(await redeemLaunchToken(t.ctx.db, { token: early.token, ...game }, at(119))).toMatchObject({
      playerId: player.playerId,
    });

    const late = await issue();
    await expect(redeemLaunchToken(t.ctx.db, { token: late.token, ...game }, at(120))).rejects.toMatchObject({
      code: 'LAUNCH_TOKEN_EXPIRED',
    });
    await expect(redeemLaunchToken(t.ctx.db, { token: late.token, ...game }, at(3600))).rejects.toMatchObject(
      {
        code: 'LAUNCH_TOKEN_EXPIRED',
      },
    );

    // The next token issued over an hour after expiry removes the old rows.
    const count = async () =>
      (
        await t.ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM launch_tokens WHERE expires_at <= $1',
          [late.expiresAt],
        )
      ).rows[0]!.n;
    expect(await count()).toBe(2);
    await issueLaunchToken(t.ctx.db, { playerId: player.playerId, ...game }, at(2 * 3600));
    expect(await count()).toBe(0);
  });
});

describe('launch tokens in the logs', () => {
  it('cuts the token out of logged request URLs, however the parameter is spelled', () => {
    const token = 'Qm9hdFJpZGVyX3NlY3JldF90b2tlbl9mb3JfdGVzdHM';
    expect(redactUrl(`/sandbox/studio/alphabet/alp-slot-001?token=${token}`)).toBe(
      '/sandbox/studio/alphabet/alp-slot-001?token=[redacted]',
    );
    expect(redactUrl(`/x?lang=lo&%74oken=${token}&y=1`)).toBe('/x?lang=lo&%74oken=[redacted]&y=1');
    expect(redactUrl('/api/v2/games?provider=alphabet')).toBe('/api/v2/games?provider=alphabet');
    expect(redactUrl('/no/query')).toBe('/no/query');
  });

  it('never writes the token of a studio address to the request log', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const logger = loggerOptions({ logLevel: 'info' });
    const app = Fastify({ logger: { ...(logger as object), stream } });
    app.get('/sandbox/studio/:provider/:gameId', async () => 'the game');
    try {
      const token = 'c2VjcmV0LWxhdW5jaC10b2tlbi1uZXZlci1sb2dnZWQ';
      const res = await app.inject({
        method: 'GET',
        url: `/sandbox/studio/alphabet/alp-slot-001?token=${token}`,
      });
      expect(res.statusCode).toBe(200);
      expect(logged).toContain('/sandbox/studio/alphabet/alp-slot-001?token=[redacted]');
      expect(logged).not.toContain(token);
    } finally {
      await app.close();
    }
  });
});
