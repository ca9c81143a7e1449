/**
 * A seeded fault run of the seamless wallet (docs/games.md), beside the site's own money operations, against
 * a real server process killed with SIGKILL mid-traffic; seamlessWorkload.test.ts runs it and judges it.
 *
 * One run, given a seed:
 * - a fresh database, the real server (server/src/main.ts bundled) with every provider seamless and each
 *   provider's wallet secret known to the simulated providers;
 * - 3 players, each with a bank account and a deposit at two providers, in a game at all four;
 * - one simulated provider per (player, provider) playing seeded rounds through the signed wallet API: bets
 *   (one or several per round), wins (0 for a lost round), rollbacks after their bet, rollbacks before it
 *   (the bet then sent anyway), wins sent before their bet, every call now and then delivered twice at once,
 *   and answers dropped on the way back (the call is then retried, signed afresh, until answered);
 * - beside them, each player deposits (paid by the sandbox bank), withdraws, moves credit between providers,
 *   claims a promotion before a deposit and checks in for the day's reward, each money call with an
 *   Idempotency-Key and retried under it while its outcome is unknown; one player lowers a loss limit below
 *   what they put in, mid-run;
 * - a killer that SIGKILLs the server twice at seeded moments and starts it again on the same data;
 * - then every call whose outcome is still unknown is retried until answered, every open round is ended,
 *   and the server stops.
 * What the checker holds the database and the answers to is in seamlessWorkload.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { PROVIDERS } from '@core/providers';
import type { ProviderCode } from '../src/adapters';
import { freshPgliteDir, TEST_PASSWORD } from './helpers';
import { accountNumber, holderName } from './moneyFixtures';
import { dropWorkloadDb, openWorkloadDb, Rng } from './moneyWorkload';
import { bundledScript } from './nodeBundles';
import { TEST_WASM_FLAGS } from './wasmFlags';
import pg from 'pg';

const ROOT = path.resolve(__dirname, '../..');
const GAMES: Record<ProviderCode, string> = {
  alphabet: 'alp-slot-001',
  askmebet: 'amb-slot-001',
  gclub: 'gc-casino-001',
  gclub_live: 'gcl-casino-001',
};

/** One answered wallet call, as the provider heard it. */
export interface WalletAnswerSeen {
  provider: ProviderCode;
  operation: string;
  transactionId: string;
  status: number;
  code?: string;
  balance?: number;
  at: number;
}

export interface SeamlessRun {
  seed: number;
  database: string;
  answers: WalletAnswerSeen[];
  /**
   * Player id → when the site answered that a loss limit below the player's deposits was set: every bet
   * whose transaction began after it must have been refused.
   */
  lossLimitAt: Map<string, number>;
  kills: number;
  calls: number;
  siteCalls: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

class Server {
  child: ChildProcess | undefined;
  log = '';
  constructor(
    private readonly bundle: string,
    readonly url: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, [TEST_WASM_FLAGS, '--enable-source-maps', this.bundle], {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let ready = false;
    const note = (d: Buffer) => {
      const text = String(d);
      this.log = (this.log + text).slice(-20_000);
      if (text.includes('ready at')) ready = true;
    };
    child.stdout!.on('data', note);
    child.stderr!.on('data', note);
    const started = Date.now();
    while (!ready) {
      if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${this.log}`);
      if (Date.now() - started > 120_000) throw new Error(`the server did not start:\n${this.log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async kill(): Promise<void> {
    const child = this.child!;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child!;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** Sends until answered: a dropped answer, a dead server or a 5xx is tried again. */
async function untilAnswered<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; ; i++) {
    const answered = await attempt();
    if (answered !== undefined) return answered;
    if (i > 2_000) throw new Error('no answer after 2,000 attempts');
    await new Promise((r) => setTimeout(r, 50 + Math.min(i, 20) * 25));
  }
}

export async function runSeamlessWorkload(
  seed: number,
  opts: { rounds?: number } = {},
): Promise<SeamlessRun> {
  const rng = new Rng(seed);
  const rounds = opts.rounds ?? 8;
  const databaseUrl = process.env.DATABASE_URL ?? '';
  const database = databaseUrl ? `s_${randomBytes(6).toString('hex')}` : await freshPgliteDir();
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${database}`);
    await admin.end();
  }
  const secrets = Object.fromEntries(PROVIDERS.map((p) => [p, randomBytes(32).toString('hex')])) as Record<
    ProviderCode,
    string
  >;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    WEB_DIR: path.join(ROOT, 'build', 'test-workload', 'no-web'),
    SANDBOX: 'true',
    TRANSFER_WALLET_PROVIDERS: '',
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    AUTO_WITHDRAW_NEW_ACCOUNT_HOURS: '0',
    AUTO_WITHDRAW_MAX_PER_HOUR: '100',
    OUTBOX_INTERVAL_SECONDS: '1',
    ...Object.fromEntries(PROVIDERS.map((p) => [`WALLET_SECRET_${p.toUpperCase()}`, secrets[p]])),
    ...(databaseUrl
      ? {
          DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${database}`)}`,
        }
      : { DATABASE_URL: '', DATA_DIR: database }),
  };
  const server = new Server(await bundledScript('server/src/main.ts'), url, env);
  await server.start();
  const run: SeamlessRun = {
    seed,
    database,
    answers: [],
    lossLimitAt: new Map(),
    kills: 0,
    calls: 0,
    siteCalls: 0,
  };

  /** One site call of a player; undefined when its outcome is unknown (no answer, 5xx, in progress). */
  async function site(cookie: string, method: string, pathname: string, body?: object, key?: string) {
    run.siteCalls += 1;
    try {
      const res = await fetch(url + pathname, {
        method,
        headers: {
          origin: url,
          ...(cookie ? { cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(8_000),
      });
      const text = await res.text();
      if (res.status >= 500 || (res.status === 409 && text.includes('IDEMPOTENCY_IN_PROGRESS')))
        return undefined;
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, res };
    } catch {
      return undefined;
    }
  }

  // Players: registered, a bank account, a deposit at alphabet and one at askmebet, in a game everywhere.
  const players: { id: string; cookie: string; refs: Record<ProviderCode, string> }[] = [];
  for (let i = 0; i < 3; i++) {
    const username = `sw${seed}x${i}${randomBytes(2).toString('hex')}`;
    const reg = await untilAnswered(() =>
      site('', 'POST', '/api/v2/players/register', {
        username,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        fingerprint: `workload-${username}`,
      }),
    );
    const cookie = String(reg.res.headers.get('set-cookie')).split(';')[0]!;
    const id = (reg.body.player as { id: string }).id;
    await untilAnswered(() =>
      site(cookie, 'POST', '/api/v2/players/bank-accounts', {
        bank: 'bcel',
        accountNumber: accountNumber(),
        accountName: holderName(),
        currency: 'LAK',
      }),
    );
    for (const provider of ['alphabet', 'askmebet'] as const) await deposit(cookie, provider, 350_000);
    const refs = {} as Record<ProviderCode, string>;
    for (const provider of PROVIDERS) {
      const launched = await untilAnswered(() =>
        site(cookie, 'POST', '/api/v2/games/launch', { provider, gameId: GAMES[provider] }),
      );
      // A provider without credit yet cannot be launched: a move brings some first.
      if (launched.status !== 200) {
        // Below the promotions' credit threshold (20 THB), so a promotion may still be claimed there.
        await move(cookie, 'alphabet', provider, 1_500);
        const again = await untilAnswered(() =>
          site(cookie, 'POST', '/api/v2/games/launch', { provider, gameId: GAMES[provider] }),
        );
        refs[provider] = await session(provider, again.body.url as string);
      } else refs[provider] = await session(provider, launched.body.url as string);
    }
    players.push({ id, cookie, refs });
  }

  async function deposit(cookie: string, provider: ProviderCode, amount: number) {
    const key = `dep-${randomBytes(8).toString('hex')}`;
    const created = await untilAnswered(() =>
      site(cookie, 'POST', '/api/v2/deposits', { provider, mid: 'MID-LAOQR-01', bank: 'bcel', amount }, key),
    );
    if (created.status !== 201) return;
    const qrText = (created.body.qr as { qrText: string }).qrText;
    await untilAnswered(() => site('', 'POST', '/api/v2/sandbox/bank/pay', { qrText }));
  }

  async function move(cookie: string, from: ProviderCode, to: ProviderCode, credit: number) {
    const key = `mv-${randomBytes(8).toString('hex')}`;
    await untilAnswered(() =>
      site(cookie, 'POST', '/api/v2/players/credits/move', { from, to, credit }, key),
    );
  }

  async function session(provider: ProviderCode, launchUrl: string): Promise<string> {
    const token = new URL(launchUrl, url).searchParams.get('token')!;
    const opened = await untilAnswered(() =>
      wallet(provider, 'session', { token, gameId: GAMES[provider] }, { record: false }),
    );
    if (opened.status !== 200) throw new Error(`session refused: ${opened.code}`);
    return opened.player!;
  }

  /**
   * One signed wallet call, signed at sending time. `drop` cuts the answer off after sending (the provider
   * never hears it); undefined when the outcome is unknown.
   */
  async function wallet(
    provider: ProviderCode,
    operation: string,
    body: Record<string, unknown>,
    opts: { drop?: boolean; record?: boolean } = {},
  ): Promise<(WalletAnswerSeen & { player?: string }) | undefined> {
    run.calls += 1;
    const pathname = `/api/v2/wallet/${provider}/${operation}`;
    const raw = JSON.stringify(body);
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', secrets[provider])
      .update(`POST ${pathname}\n${timestamp}\n${raw}`)
      .digest('hex');
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), opts.drop ? 1 + rng.int(0, 30) : 8_000);
    try {
      const res = await fetch(url + pathname, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wallet-timestamp': timestamp,
          'x-wallet-signature': signature,
        },
        body: raw,
        signal: abort.signal,
      });
      const json = (await res.json()) as { code?: string; balance?: number; player?: string };
      if (res.status >= 500) return undefined;
      const seen: WalletAnswerSeen & { player?: string } = {
        provider,
        operation,
        transactionId: String(body.transactionId ?? body.roundId ?? ''),
        status: res.status,
        ...(json.code ? { code: json.code } : {}),
        ...(json.balance !== undefined ? { balance: json.balance } : {}),
        ...(json.player ? { player: json.player } : {}),
        at: Date.now(),
      };
      if (opts.record !== false) run.answers.push(seen);
      return seen;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** A call retried until answered; now and then delivered twice at once, or its first answer dropped. */
  async function deliver(provider: ProviderCode, operation: string, body: Record<string, unknown>) {
    if (rng.chance(0.15)) void wallet(provider, operation, body);
    if (rng.chance(0.2)) await wallet(provider, operation, body, { drop: true });
    // A duplicate sent in the same millisecond carries the same signature: refused as a replay, so the
    // provider signs again and asks once more.
    return untilAnswered(async () => {
      const answer = await wallet(provider, operation, body);
      return answer?.code === 'WALLET_SIGNATURE_REPLAYED' ? undefined : answer;
    });
  }

  let serial = 0;
  const tx = (kind: string) => `${kind}-${seed}-${++serial}`;

  async function playRounds(player: (typeof players)[number], provider: ProviderCode) {
    const common = { gameId: GAMES[provider], player: player.refs[provider], currency: 'THB' };
    for (let r = 0; r < rounds; r++) {
      const roundId = tx('round');
      const bets = Array.from({ length: rng.int(1, 2) }, () => ({
        ...common,
        transactionId: tx('bet'),
        roundId,
        amount: 100 * rng.int(1, 30),
      }));
      const kind = rng.int(0, 9);
      if (kind === 0) {
        // The rollback overtakes its bet; the bet comes anyway and must be refused.
        const [b] = bets;
        await deliver(provider, 'rollback', {
          ...common,
          transactionId: tx('rb'),
          betTransactionId: b!.transactionId,
          roundId,
          amount: b!.amount,
        });
        await deliver(provider, 'bet', b!);
        continue;
      }
      if (kind === 1) {
        // The win comes before its bet: refused, then sent again after it.
        const win = {
          ...common,
          transactionId: tx('win'),
          roundId,
          amount: 100 * rng.int(0, 40),
          endRound: true,
        };
        await wallet(provider, 'win', win);
        for (const b of bets) await deliver(provider, 'bet', b);
        await deliver(provider, 'win', win);
        continue;
      }
      const placed = [];
      for (const b of bets) placed.push(await deliver(provider, 'bet', b));
      if (kind === 2 && placed[0]?.status === 200) {
        // The game cancels the round: the first bet rolled back, the round ended.
        await deliver(provider, 'rollback', {
          ...common,
          transactionId: tx('rb'),
          betTransactionId: bets[0]!.transactionId,
          roundId,
          amount: bets[0]!.amount,
        });
        await deliver(provider, 'end-round', { gameId: common.gameId, player: common.player, roundId });
        continue;
      }
      if (placed.some((p) => p.status === 200))
        await deliver(provider, 'win', {
          ...common,
          transactionId: tx('win'),
          roundId,
          amount: rng.chance(0.5) ? 0 : 100 * rng.int(1, 60),
          endRound: true,
        });
    }
  }

  async function siteTraffic(player: (typeof players)[number], index: number) {
    for (let i = 0; i < 5; i++) {
      const what = rng.int(0, 4);
      if (what === 0)
        await deposit(player.cookie, rng.pick(['alphabet', 'askmebet', 'gclub'] as const), 94_000);
      else if (what === 3) {
        // A promotion claimed, then the deposit that qualifies for its bonus (a refusal is an answer too).
        await untilAnswered(() =>
          site(player.cookie, 'POST', '/api/v2/promotions/use', {
            promotionId: 'daily-10',
            providerId: 'gclub_live',
          }),
        );
        await deposit(player.cookie, 'gclub_live', 200_000);
      } else if (what === 4) {
        // Today's check-in: paid when the day's stakes and deposits qualify, refused otherwise.
        const key = `ci-${randomBytes(8).toString('hex')}`;
        await untilAnswered(() => site(player.cookie, 'POST', '/api/v2/rewards/check-in', undefined, key));
      } else if (what === 1)
        await move(player.cookie, rng.pick(PROVIDERS), rng.pick(PROVIDERS), 100 * rng.int(1, 50));
      else {
        const key = `wd-${randomBytes(8).toString('hex')}`;
        const accounts = await untilAnswered(() =>
          site(player.cookie, 'GET', '/api/v2/players/bank-accounts'),
        );
        const bankAccountId = (accounts.body.bankAccounts as { id: string }[])[0]!.id;
        await untilAnswered(() =>
          site(
            player.cookie,
            'POST',
            '/api/v2/withdraws',
            { provider: rng.pick(PROVIDERS), bankAccountId, credit: 10_000 },
            key,
          ),
        );
      }
      if (index === 0 && i === 1) {
        // A loss limit below what this player put in: no bet of theirs may be taken from now on.
        const set = await untilAnswered(() =>
          site(player.cookie, 'PUT', '/api/v2/players/protection/limits', {
            kind: 'LOSS',
            period: 'DAY',
            amount: 94_000,
          }),
        );
        // In force from its commit, which is before its answer: a bet begun after the answer must be refused.
        if (set.status === 200) run.lossLimitAt.set(player.id, Date.now());
      }
    }
  }

  async function killer() {
    for (let k = 0; k < 2; k++) {
      await new Promise((r) => setTimeout(r, 800 + rng.int(0, 2_500)));
      await server.kill();
      run.kills += 1;
      await server.start();
    }
  }

  await Promise.all([
    killer(),
    ...players.flatMap((p) => PROVIDERS.map((provider) => playRounds(p, provider))),
    ...players.map((p, i) => siteTraffic(p, i)),
  ]);
  await server.stop();
  return run;
}

export { openWorkloadDb, dropWorkloadDb };
