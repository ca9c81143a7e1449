import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, createSign, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * The site the conformance suite certifies, as an outside provider meets it: `npm start` (scripts/start.mjs)
 * on a database of its own, reached only over HTTP, with the provider's secret and Hub88's public key
 * configured the way an agency configures them. Players are made through the site's own API, as players
 * make themselves.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export interface Site {
  url: string;
  database: string;
  /** The site's clock as the provider keeps it: real time plus what the suite moved it by. */
  now(): number;
  /** Moves the site's clock (the operator's `clock advance`), and the provider's with it. */
  advanceClock(hours: number): Promise<void>;
  /** An operator command against this site (`npm run ops -- …`). */
  ops(args: string[]): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts the site on PGlite (databaseUrl empty) or on a fresh PostgreSQL database of that server. */
export async function startSite(opts: {
  databaseUrl: string;
  walletSecrets: Record<string, string>;
  hub88PublicKey: string;
}): Promise<Site> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-conformance-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (opts.databaseUrl) {
    const name = `wallet_conformance_${process.pid}`;
    const admin = new pg.Client({ connectionString: opts.databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(opts.databaseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: opts.databaseUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SANDBOX: 'true',
    LOG_LEVEL: 'warn',
    TRANSFER_WALLET_PROVIDERS: '',
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    HUB88_PUBLIC_KEY: opts.hub88PublicKey.replace(/\n/g, '\\n'),
    ...Object.fromEntries(
      Object.entries(opts.walletSecrets).map(([p, secret]) => [`WALLET_SECRET_${p.toUpperCase()}`, secret]),
    ),
  };
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${url}/api/v2/agency/info`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 240_000) throw new Error('the site did not answer within 4 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  let offsetMs = 0;
  const ops = async (args: string[]) => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/src/ops/cli.ts', ...args], {
      cwd: ROOT,
      env: { ...env, LOG_LEVEL: 'silent' },
    });
    return stdout;
  };
  const site: Site = {
    url,
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    now: () => Date.now() + offsetMs,
    async advanceClock(hours) {
      await ops(['clock', 'advance', `${hours}h`]);
      offsetMs += hours * 3_600_000;
      // Every instance reads a moved clock again within seconds; the provider waits until this one has.
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const probe = await signedNative(site, 'alphabet', opts.walletSecrets.alphabet!, 'balance', {
          player: '0'.repeat(64),
        });
        if (probe.body.code !== 'WALLET_TIMESTAMP_STALE') return;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error('the site did not take the moved clock');
    },
    ops,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return site;
}

export interface Reply {
  status: number;
  body: { code?: string; balance?: number; status?: string; [key: string]: unknown };
}

/** A call of the site's own wallet, signed as docs/games.md says, at the provider's (the site's) time. */
export async function signedNative(
  site: Pick<Site, 'url' | 'now'>,
  provider: string,
  secret: string,
  operation: string,
  body: object,
  opts: { timestamp?: string; signature?: string; raw?: string; omitSignature?: boolean } = {},
): Promise<Reply & { signature: string; timestamp: string; raw: string }> {
  const pathname = `/api/v2/wallet/${provider}/${operation}`;
  const raw = opts.raw ?? JSON.stringify(body);
  const timestamp = opts.timestamp ?? String(site.now());
  const signature =
    opts.signature ??
    createHmac('sha256', secret).update(`POST ${pathname}\n${timestamp}\n${raw}`).digest('hex');
  const res = await fetch(site.url + pathname, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-wallet-timestamp': timestamp,
      ...(opts.omitSignature ? {} : { 'x-wallet-signature': signature }),
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Reply['body'], signature, timestamp, raw };
}

/** A call of the Hub88 dialect, signed with Hub88's private key over the raw body. */
export async function signedHub88(
  site: Pick<Site, 'url'>,
  provider: string,
  key: KeyObject,
  call: string,
  body: object,
): Promise<Reply> {
  const raw = JSON.stringify(body);
  const res = await fetch(`${site.url}/api/v2/hub88/${provider}/${call}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub88-signature': createSign('RSA-SHA256').update(raw).sign(key, 'base64'),
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

/** A player of the site, as the site's own pages make one: registered, one bank account, one paid deposit. */
export class SitePlayer {
  cookie = '';
  playerId = '';
  readonly username = `cert${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

  constructor(private readonly site: Site) {}

  private async call(method: string, pathname: string, body?: object, headers: Record<string, string> = {}) {
    const res = await fetch(this.site.url + pathname, {
      method,
      headers: {
        origin: this.site.url,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  /** Registered, with a bank account and 100,000 LAK paid in at the provider (153.84 THB). */
  async funded(provider: string): Promise<this> {
    const password = 'correct horse battery';
    const reg = await this.call('POST', '/api/v2/players/register', {
      username: this.username,
      password,
      confirmPassword: password,
      fingerprint: 'conformance',
    });
    this.playerId = (reg.player as { id: string }).id;
    // A BCEL account number has 13 digits.
    const digits = `${Date.now()}${Math.floor(Math.random() * 1e6)}`.slice(-10);
    await this.call('POST', '/api/v2/players/bank-accounts', {
      bank: 'bcel',
      accountNumber: `010${digits}`,
      // Unique: players sharing a holder name are linked accounts (docs/backoffice.md).
      accountName: `SOMCHAI ${digits.replace(/[0-9]/g, (d) => String.fromCharCode(65 + Number(d)))}`,
      currency: 'LAK',
    });
    const created = await this.call(
      'POST',
      '/api/v2/deposits',
      { provider, mid: 'MID-LAOQR-01', bank: 'bcel', amount: 100_000 },
      { 'idempotency-key': `cert-${this.username}` },
    );
    await this.call('POST', '/api/v2/sandbox/bank/pay', {
      qrText: (created.qr as { qrText: string }).qrText,
    });
    return this;
  }

  /** Opens a game from the lobby: the one-time launch token its URL carries. */
  async launch(provider: string, gameId: string): Promise<string> {
    const launched = await this.call('POST', '/api/v2/games/launch', { provider, gameId });
    return new URL(launched.url as string, this.site.url).searchParams.get('token')!;
  }

  async logout(): Promise<void> {
    await this.call('POST', '/api/v2/players/logout');
  }

  async timeOut(): Promise<void> {
    await this.call('POST', '/api/v2/players/protection/time-out', { days: 1 });
  }

  async selfExclude(): Promise<void> {
    await this.call('POST', '/api/v2/players/protection/self-exclusion', { months: 6 });
  }

  /** A daily loss limit below what the deposit put in: in force at once (a stricter limit always is). */
  async lossLimitBelowDeposits(): Promise<void> {
    await this.call('PUT', '/api/v2/players/protection/limits', {
      kind: 'LOSS',
      period: 'DAY',
      amount: 94_000,
    });
  }

  async credit(provider: string): Promise<number> {
    const res = await this.call('GET', `/api/v2/players/credits/${provider}`);
    return Math.round(Number((res.credit as { amount: string }).amount) * 100);
  }
}
