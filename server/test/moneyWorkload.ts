/**
 * A seeded money workload against a real server process, in the spirit of Jepsen's bank test and
 * Formance's ledger workload (moneyWorkload.test.ts runs it; moneyWorkloadCheck.ts judges the outcome).
 *
 * One run, given a seed:
 * - a fresh database (PGlite directory, or PostgreSQL schema with DATABASE_URL) with 3 or 4 players, each
 *   with a LAK bank account, some registered through another's referral code, and reward terms that pay in
 *   a short run (docs/rewards.md);
 * - the real server (server/src/main.ts, bundled once by esbuild) as a child process on that database,
 *   with its outbox worker and deposit reconciler on short intervals, and the sandbox providers' faults
 *   switched on with seeded percentages (latency, errors, lost answers, duplicate deliveries);
 * - one client per player making a seeded sequence of deposits (paid by the sandbox bank, or by a signed
 *   bank callback the client posts itself, once, twice, after a cancel, or twice over; left open, cancelled),
 *   withdrawals (automatic ones and ones for the operator), credit moves, studio game rounds (slot, table
 *   rounds left open for a while, reveal), promotions (claim, qualifying deposit with its bonus, cancel
 *   taking the bonus back), daily check-ins and referral claims, each money call with an Idempotency-Key
 *   and sent again with the same key while its outcome is unknown (connection error, timeout, 5xx, 409
 *   IDEMPOTENCY_IN_PROGRESS); now and then the same keyed call is sent twice at once (a double tap) or
 *   replayed later on purpose, and a client runs two of its operations at once (a second tab);
 * - an operator approving or rejecting open withdrawals (`npm run ops`: over DATA_DIR/ops.sock on PGlite,
 *   in this process on PostgreSQL, as the CLI does), settling today's cashback early three times (its day
 *   and its week in turn, overlapping: each loss is paid once), the first settlement with a player to settle
 *   dying at payCashback's crash point (the server on PGlite, the operator's own process on PostgreSQL)
 *   and run again, and accruing the referrers' commission of today;
 * - a killer that SIGKILLs the server 2 or 3 times at seeded moments (after a seeded number of operations
 *   plus a seeded delay) and starts it again on the same data;
 * - then faults off, every client checks today in and a referrer claims its commission, today and its week
 *   are settled once more, the operator decides what is left, the outbox and the reconciler settle, every
 *   client reads its credits (booking game results) and replays every acknowledged keyed call; the server
 *   stops and the checker reads the database.
 *
 * What a seed fixes: the players and who refers whom, the plan of every client, the faults, when the kills
 * and the settlements come, the crash point, the operator's decisions. Timing is the machine's, so a seed reproduces the schedule, not every interleaving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseThbToSatang } from '@core/money';
import { PROVIDERS } from '@core/providers';
import { periodOf } from '@core/rewardPeriods';
import type { ProviderCode } from '../src/adapters';
import { signPayload } from '../src/adapters/paymentSignature';
import {
  ProviderClient,
  ProviderLink,
  SANDBOX_PROVIDER_PATH,
  type ProviderFaults,
} from '../src/adapters/providerClient';
import { connect } from '../src/db/connect';
import type { Db } from '../src/db/types';
import { currentTotpCode } from '../src/domain/staff/staffAccounts';
import type { OpsResult } from '../src/ops/commands';
import { freshPgliteDir, TEST_PASSWORD } from './helpers';
import { accountNumber } from './moneyFixtures';
import { checkWorkload, rewardTally, type RewardTally, type Violation } from './moneyWorkloadCheck';
import { bundledScript } from './nodeBundles';
import type {
  Attempt,
  Call,
  History,
  KillWindow,
  OperatorAction,
  Plan,
  RewardPlan,
  RewardRunPeriod,
  ServerError,
  WorkloadPlayer,
} from './moneyWorkloadHistory';
import { childOperatorEnv, inProcessOperator, type Operator } from './moneyWorkloadOperator';
import { TEST_WASM_FLAGS } from './wasmFlags';

const ROOT = path.resolve(__dirname, '../..');

/** A server request without an answer by then has an unknown outcome for the client. */
const REQUEST_TIMEOUT_MS = 6_000;
/** Pause between two attempts of a call whose outcome is unknown (the server may be restarting). */
const RETRY_PAUSE_MS = 150;
/** A call still unknown after this long is given up (and reported: every call must resolve). */
const RETRY_DEADLINE_MS = 90_000;
/** The settle phase's limit: past it, what is still open is reported as not settled. */
const SETTLE_DEADLINE_MS = 60_000;
/** After this long in the settle phase, the operator sends the pending transfers again (`transfers retry`). */
const SETTLE_EXPEDITE_AFTER_MS = 8_000;

export const DEPOSIT_AMOUNTS = [94_000, 100_000, 130_000, 200_000, 350_000, 650_000] as const;
const WITHDRAW_MIN = 10_000;
/** The seeded promotions a player may claim, with the amount of their qualifying deposit. */
const PROMOTIONS = [
  { id: 'welcome-100', depositAmount: 100_000 },
  { id: 'daily-10', depositAmount: 200_000 },
  { id: 'slot-50', depositAmount: 500_000 },
] as const;

/**
 * The run's own bank and provider secrets, given to the server (sandbox mode would otherwise generate them
 * in the database): the clients sign bank callbacks, and the harness switches provider faults, with them.
 */
function secretsOf(seed: number) {
  const secret = (name: string) =>
    createHash('sha256').update(`money-workload ${name} ${seed}`).digest('hex');
  return { gateway: secret('gateway'), provider: secret('provider'), audit: secret('audit') };
}
const BETS = [100, 500, 1000] as const;

/** Games each client may open, per provider: slot, table (left open, settled later) and reveal rounds. */
const GAMES: Record<ProviderCode, { id: string; kind: 'slot' | 'table' | 'reveal' }[]> = {
  alphabet: [
    { id: 'alp-slot-001', kind: 'slot' },
    { id: 'alp-sport-001', kind: 'reveal' },
  ],
  askmebet: [
    { id: 'amb-slot-001', kind: 'slot' },
    { id: 'amb-card-001', kind: 'table' },
  ],
  gclub: [
    { id: 'gc-casino-001', kind: 'table' },
    { id: 'gc-slot-001', kind: 'slot' },
  ],
  gclub_live: [
    { id: 'gcl-casino-001', kind: 'table' },
    { id: 'gcl-sport-001', kind: 'reveal' },
  ],
};

// Seeded randomness --------------------------------------------------------------------------------------

/** mulberry32, as the sandbox providers' fault dice: small, fast, repeatable. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One independent stream per (seed, purpose): a client's choices do not shift when another's change. */
function streamSeed(seed: number, stream: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  float(): number {
    return this.next();
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }
}

// The plan a seed fixes ----------------------------------------------------------------------------------

export function makePlan(seed: number): Plan {
  const rng = new Rng(streamSeed(seed, 0));
  const clients = rng.int(3, 4);
  // WORKLOAD_OPS (local bug hunts): that many operations per client instead of 9 to 12.
  const opsPerClient = process.env.WORKLOAD_OPS ? Number(process.env.WORKLOAD_OPS) : rng.int(9, 12);
  const faults = Object.fromEntries(
    PROVIDERS.map((p) => [
      p,
      {
        down: false,
        latencyMs: rng.pick([0, 0, 10, 30, 60]),
        errorPercent: rng.int(0, 10),
        timeoutPercent: rng.int(0, 4),
        duplicatePercent: rng.int(0, 40),
      },
    ]),
  ) as Record<ProviderCode, ProviderFaults>;
  const total = clients * opsPerClient;
  const killCount = rng.chance(0.35) ? 3 : 2;
  // The k-th kill in the k-th slice of the run's operations between 12 % and 80 %.
  const slice = 0.68 / killCount;
  const kills = Array.from({ length: killCount }, (_, k) => ({
    afterOps: Math.max(1, Math.floor(total * (0.12 + k * slice + rng.float() * slice * 0.8))),
    delayMs: rng.int(0, 400),
    downMs: rng.int(0, 300),
  }));
  // With two kills in the workload, a third one half the time while the run settles: the operator's
  // decisions, the payouts and the outbox deliveries of the end are killed too. (Its own stream: the
  // workload's plan stays what it was for every seed.)
  const settleRng = new Rng(streamSeed(seed, 2));
  const settleKill =
    killCount === 2 && settleRng.chance(0.5)
      ? { afterOps: 0, delayMs: settleRng.int(0, 1_500), downMs: settleRng.int(0, 300) }
      : undefined;
  return {
    seed,
    clients,
    opsPerClient,
    faults,
    kills,
    ...(settleKill ? { settleKill } : {}),
    rewards: rewardPlan(seed, clients, total),
  };
}

/**
 * Who refers whom, and when the operator settles cashback and accrues commission (its own stream: the rest
 * of the plan stays what it was for every seed). Client 1 is always someone's friend; the settlements
 * during the run alternate between today and its week, so a day and the week holding it are both paid.
 */
function rewardPlan(seed: number, clients: number, total: number): RewardPlan {
  const rng = new Rng(streamSeed(seed, 3));
  const referredBy: Record<number, number> = {};
  for (let i = 1; i < clients; i++) if (i === 1 || rng.chance(0.5)) referredBy[i] = rng.int(0, i - 1);
  const at = (from: number, to: number) =>
    Math.max(1, Math.floor(total * (from + rng.float() * (to - from))));
  const first: RewardRunPeriod = rng.pick(['day', 'week'] as const);
  const other: RewardRunPeriod = first === 'day' ? 'week' : 'day';
  return {
    referredBy,
    runs: [
      { afterOps: at(0.2, 0.4), period: first },
      { afterOps: at(0.4, 0.65), period: other },
      { afterOps: at(0.65, 0.85), period: first },
    ],
    crashAt: rng.pick(['before-commit', 'after-commit'] as const),
    accrueAfterOps: at(0.45, 0.7),
  };
}

/** The operator's name of today's cashback period of a kind (`day:YYYY-MM-DD`, `week:<its Monday>`). */
function periodName(period: RewardRunPeriod): string {
  return periodOf(period === 'day' ? 'DAY' : 'WEEK', new Date()).name;
}

/**
 * The terms that make every reward happen in a short run (docs/rewards.md): cashback 10 % of any loss of
 * 1 THB or more, a check-in after the day's first deposit of 100,000 LAK and 5 THB staked, and half the
 * friends' stakes as commission.
 */
const REWARD_SETTINGS = [
  ['rewards', 'settings', '--enabled', 'yes', '--rate', '10', '--min-loss', '1', '--payment', 'auto'],
  ['rewards', 'check-in', '--enabled', 'yes', '--min-deposit', '100000', '--min-turnover', '5'],
  ['rewards', 'referral', '--enabled', 'yes', '--basis', 'stakes', '--rate', '50'],
];

export interface WorkloadResult {
  history: History;
  violations: Violation[];
  /** The rewards credited in the run, by kind. */
  rewards: RewardTally;
  location: string;
  timings: Record<string, number>;
}

// The server process -------------------------------------------------------------------------------------

const LOG_KEEP = 40_000;
const REPORT_DIR = path.join(os.tmpdir(), 'money-workload-reports');

class ServerProcess {
  private child: ChildProcess | undefined;
  private log = '';
  private partial = '';
  /** The errors the server logged (level 50 and above), without the injected provider refusals. */
  readonly errors: ServerError[] = [];
  starts = 0;
  readonly windows: KillWindow[] = [];
  /** Clean stops (SIGTERM) that took longer than they should. */
  readonly slowStops: string[] = [];
  /** Called when the server dies without being killed or stopped: a crash of its own. */
  onCrash: ((err: Error) => void) | undefined;
  private stopping = false;
  /** A crash point the server is started with (CRASH_AT, server/src/crashPoints.ts) until it dies there. */
  crashAt: string | undefined;
  /** Set while the harness waits for the server to die at crashAt: that death is no crash of its own. */
  private crashWaiter: (() => void) | undefined;

  constructor(
    private readonly bundle: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get output(): string {
    return this.log;
  }

  private note(text: string): void {
    this.log = (this.log + text).slice(-LOG_KEEP);
    this.partial += text;
    const lines = this.partial.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      // Errors the server logged, but not the sandbox providers' injected refusals (or the answers
      // those caused): what a background job or a request failed on by itself.
      if (!/"level":(50|60)/.test(line) || line.includes('"code":"PROVIDER_UNAVAILABLE"')) continue;
      let entry: { time?: number; msg?: string; err?: { message?: string; code?: string } } = {};
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        // Not pino's JSON: kept as it is.
      }
      this.errors.push({
        at: entry.time ?? Date.now(),
        msg: entry.msg ?? '',
        error: `${entry.err?.code ?? ''} ${entry.err?.message ?? line}`.trim().slice(0, 300),
      });
    }
  }

  async start(faultSeed: number): Promise<void> {
    this.starts += 1;
    this.stopping = false;
    this.note(`\n--- start ${this.starts} at ${new Date().toISOString()}\n`);
    // SIGUSR2 makes Node write a diagnostic report (JS stack, open handles): taken when a stop hangs.
    const reportFlags = ['--report-on-signal', `--report-directory=${REPORT_DIR}`];
    const child = spawn(
      process.execPath,
      [TEST_WASM_FLAGS, '--enable-source-maps', ...reportFlags, this.bundle],
      {
        cwd: ROOT,
        env: {
          ...this.env,
          PROVIDER_FAULT_SEED: String(faultSeed),
          ...(this.crashAt ? { CRASH_AT: this.crashAt } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    let ready = false;
    let exited = false;
    child.stdout!.on('data', (d: Buffer) => {
      const text = String(d);
      if (text.includes('ready at')) ready = true;
      this.note(text);
    });
    child.stderr!.on('data', (d: Buffer) => this.note(String(d)));
    child.on('exit', (code, signal) => {
      exited = true;
      if (ready && this.child === child && !this.stopping && this.crashWaiter) {
        this.windows.push({ killedAt: Date.now() });
        this.note(`\n--- died at ${this.crashAt} at ${new Date().toISOString()}\n`);
        this.child = undefined;
        this.crashAt = undefined;
        this.crashWaiter();
      } else if (ready && this.child === child && !this.stopping)
        this.onCrash?.(
          new Error(`the server exited by itself (${signal ?? `exit ${code}`}):\n${this.log.slice(-4000)}`),
        );
    });
    const started = Date.now();
    while (!ready) {
      if (exited) throw new Error(`the server exited while starting:\n${this.log.slice(-4000)}`);
      if (Date.now() - started > 120_000) throw new Error(`the server did not start in 120 s:\n${this.log}`);
      await sleep(50);
    }
    const open = this.windows[this.windows.length - 1];
    if (open && open.readyAt === undefined) open.readyAt = Date.now();
  }

  private async waitExit(child: ChildProcess, ms: number): Promise<boolean> {
    if (child.exitCode !== null || child.signalCode !== null) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /**
   * Runs `action` (a command that should reach the crash point) and, when it gets no answer, waits up to
   * `ms` for the server to die there: true if it did (the kill window recorded), false if it still runs.
   */
  async dieAtCrashPoint(action: () => Promise<unknown>, ms: number): Promise<boolean> {
    if (!this.crashAt || !this.child) return false;
    const died = new Promise<void>((resolve) => (this.crashWaiter = resolve));
    // Answered: the command ran whole without reaching the crash point.
    if ((await action()) !== undefined) {
      this.crashWaiter = undefined;
      return false;
    }
    const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), ms));
    const result = await Promise.race([died.then(() => true as const), timeout]);
    this.crashWaiter = undefined;
    return result;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopping = true;
    this.windows.push({ killedAt: Date.now() });
    this.note(`\n--- SIGKILL at ${new Date().toISOString()}\n`);
    child.kill('SIGKILL');
    await this.waitExit(child, 30_000);
    this.child = undefined;
  }

  /** A clean stop (SIGTERM), as an operator's restart would; SIGKILL if it hangs. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.stopping = true;
    const started = Date.now();
    child.kill('SIGTERM');
    // main.ts gives itself 8 s; past 4 s the server is asked what it is still doing.
    if (!(await this.waitExit(child, 4_000))) {
      child.kill('SIGUSR2');
      this.slowStops.push(
        `a clean stop still running after 4 s (pid ${child.pid}); Node's report in ${REPORT_DIR}`,
      );
    }
    if (!(await this.waitExit(child, 20_000))) {
      child.kill('SIGKILL');
      await this.waitExit(child, 10_000);
    }
    if (Date.now() - started > 4_000)
      this.slowStops.push(
        `the clean stop took ${Date.now() - started} ms (exit ${child.exitCode ?? child.signalCode})`,
      );
    this.child = undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The operator -------------------------------------------------------------------------------------------

/** On PGlite the running server holds the database: commands go over its socket, as the CLI sends them. */
function socketOperator(socketPath: string): Operator {
  return (args) =>
    new Promise((resolve) => {
      let buffered = '';
      let done = false;
      const finish = (result: OpsResult | undefined) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        socket.destroy();
        resolve(result);
      };
      const socket = net.createConnection(socketPath);
      const timer = setTimeout(() => finish(undefined), 20_000);
      socket.on('connect', () => socket.write(`${JSON.stringify({ args })}\n`));
      socket.on('data', (d: Buffer) => {
        buffered += String(d);
        const newline = buffered.indexOf('\n');
        if (newline !== -1) finish(JSON.parse(buffered.slice(0, newline)) as OpsResult);
      });
      socket.on('error', () => finish(undefined));
      socket.on('close', () => finish(undefined));
    });
}

/** The first word of each line of a listing, without its count line ("3 order(s)"). */
function listed(result: OpsResult | undefined): string[] | undefined {
  if (!result || result.exitCode !== 0) return undefined;
  return result.output
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\d+ \w+\(s\)$/.test(line.trim()))
    .map((line) => line.trim().split(/\s+/)[0]!);
}

// The clients --------------------------------------------------------------------------------------------

interface RunState {
  server: ServerProcess;
  history: History;
  progress: number;
  nextCallId: number;
  /** Set when the harness itself failed (the server would not start again): calls stop retrying. */
  aborted?: unknown;
}

interface CallSpec {
  operation: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  key?: string;
  cookie?: string;
  /** Send again while the outcome is unknown (false: a studio bet, which has no key). */
  retry: boolean;
  replayOf?: number;
  twinOf?: number;
}

/** Sends one call, again and again while its outcome is unknown (when spec.retry), and records it. */
async function send(run: RunState, client: number, spec: CallSpec): Promise<Call> {
  const call: Call = {
    id: (run.nextCallId += 1),
    client,
    operation: spec.operation,
    method: spec.method,
    path: spec.path,
    attempts: [],
    outcome: 'unknown',
    ...(spec.key !== undefined ? { key: spec.key } : {}),
    ...(spec.body !== undefined ? { payload: spec.body } : {}),
    ...(spec.raw !== undefined ? { raw: spec.raw } : {}),
    ...(spec.cookie !== undefined ? { cookie: spec.cookie } : {}),
    ...(spec.replayOf !== undefined ? { replayOf: spec.replayOf } : {}),
    ...(spec.twinOf !== undefined ? { twinOf: spec.twinOf } : {}),
  };
  run.history.calls.push(call);
  const body = spec.raw ?? (spec.body !== undefined ? JSON.stringify(spec.body) : undefined);
  const deadline = Date.now() + RETRY_DEADLINE_MS;
  for (;;) {
    const url = run.server.url;
    const headers: Record<string, string> = {
      origin: url,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(spec.cookie ? { cookie: spec.cookie } : {}),
      ...(spec.key ? { 'idempotency-key': spec.key } : {}),
      ...spec.headers,
    };
    const attempt: Attempt = { start: Date.now(), end: 0 };
    let text: string | undefined;
    try {
      const res = await fetch(url + spec.path, {
        method: spec.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      attempt.status = res.status;
      text = await res.text();
    } catch (err) {
      attempt.error = describeError(err);
    }
    attempt.end = Date.now();
    let parsed: unknown;
    if (text !== undefined && text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const code =
      parsed && typeof parsed === 'object' && typeof (parsed as { code?: unknown }).code === 'string'
        ? (parsed as { code: string }).code
        : undefined;
    if (code !== undefined) attempt.code = code;
    call.attempts.push(attempt);
    const status = attempt.status;
    const unknown =
      attempt.error !== undefined ||
      status === undefined ||
      (status >= 500 && !(status === 503 && code === 'PROVIDER_UNAVAILABLE')) ||
      (status === 409 && code === 'IDEMPOTENCY_IN_PROGRESS');
    if (!unknown) {
      call.outcome = status < 300 ? 'ok' : 'refused';
      call.status = status;
      call.body = parsed;
      return call;
    }
    if (!spec.retry || Date.now() > deadline || run.aborted !== undefined) return call;
    await sleep(RETRY_PAUSE_MS);
  }
}

function describeError(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return 'timeout';
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
}

class Client {
  private readonly rng: Rng;
  private keys = 0;
  private payments = 0;
  /** Deposits left open on purpose: cancelled at the end. */
  private readonly leftOpen = new Set<string>();
  /** Table rounds left open: settled by a later game or at the end. */
  private readonly openRounds: { session: string; roundId: string }[] = [];

  constructor(
    private readonly run: RunState,
    readonly player: WorkloadPlayer,
  ) {
    this.rng = new Rng(streamSeed(run.history.seed, 100 + player.index));
  }

  private get seed(): number {
    return this.run.history.seed;
  }

  private get referrer(): boolean {
    return Object.values(this.run.history.plan.rewards.referredBy).includes(this.player.index);
  }

  private call(spec: Omit<CallSpec, 'cookie'>): Promise<Call> {
    return send(this.run, this.player.index, { ...spec, cookie: this.player.cookie });
  }

  /** A money call under a new Idempotency-Key; now and then sent twice at once, as a double tap would. */
  private async keyed(
    rng: Rng,
    operation: string,
    urlPath: string,
    body: unknown,
    doubleTap: number,
  ): Promise<Call> {
    this.keys += 1;
    const key = `wl${this.seed}-c${this.player.index}-k${this.keys}`;
    const spec = { operation, method: 'POST' as const, path: urlPath, body, key, retry: true };
    if (!rng.chance(doubleTap)) return this.call(spec);
    const first = this.call(spec);
    const twin = this.call({ ...spec, twinOf: this.run.nextCallId });
    // The documented semantics store successes only: one copy may be refused (an open order, say) and the
    // other, run afresh a moment later, succeed. The player goes on with the success, as the page would.
    const answers = await Promise.all([first, twin]);
    return answers.find((c) => c.outcome === 'ok') ?? answers[0];
  }

  /**
   * The client's operations, one after the other; now and then two at once (a second browser tab), so that
   * a player's own operations race each other too. Each operation draws from its own seeded stream, so its
   * choices do not depend on how the two interleave.
   */
  async runOps(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      if (i > 0 && i + 1 < count && this.rng.chance(0.2)) {
        await Promise.all([this.operation(i), this.operation(i + 1)]);
        i += 1;
      } else await this.operation(i);
    }
  }

  private async operation(i: number): Promise<void> {
    const kind =
      i === 0
        ? 'deposit'
        : this.rng.weighted({
            deposit: 26,
            withdraw: 20,
            move: 12,
            game: 28,
            promotion: 8,
            replay: 6,
            checkIn: 5,
            // A referrer claims now and then (before the accrual, after it, and again: refused but once).
            referral: this.referrer ? 8 : 1,
          });
    const rng = new Rng(streamSeed(this.seed, 10_000 * (this.player.index + 1) + i));
    if (kind === 'deposit' && i === 0 && rng.chance(0.3)) await this.welcome(rng);
    else if (kind === 'deposit') await this.deposit(rng, i === 0);
    if (kind === 'withdraw') await this.withdraw(rng);
    if (kind === 'move') await this.move(rng);
    if (kind === 'game') await this.game(rng);
    if (kind === 'promotion') await this.promotion(rng);
    if (kind === 'replay') await this.replayOne(rng);
    if (kind === 'checkIn') await this.checkIn(rng);
    if (kind === 'referral') await this.claimReferral(rng);
    this.run.progress += 1;
  }

  /**
   * Checks today in (refused before the day's deposit and stakes, while a withdrawal is open, or once checked
   * in), now and then twice at once; a player short of the day's targets plays and tries again.
   */
  private async checkIn(rng: Rng, playWhenShort = true): Promise<void> {
    const claim = () => this.keyed(rng, 'claimCheckIn', '/api/v2/rewards/check-in', undefined, 0.25);
    if ((await claim()).body?.code !== 'CHECK_IN_NOT_QUALIFIED' || !playWhenShort) return;
    await this.game(rng);
    await claim();
  }

  /** Claims the referral commission accrued (nothing yet, or not a referrer: refused) to a provider. */
  private async claimReferral(rng: Rng): Promise<void> {
    await this.keyed(
      rng,
      'claimReferral',
      '/api/v2/rewards/referral/claim',
      { provider: rng.pick(PROVIDERS) },
      0.25,
    );
  }

  private async deposit(
    rng: Rng,
    first = false,
    qualifying?: { provider: ProviderCode; amount: number },
  ): Promise<void> {
    const provider = qualifying?.provider ?? rng.pick(PROVIDERS);
    const amount = qualifying?.amount ?? rng.pick(DEPOSIT_AMOUNTS);
    const how = first
      ? 'bank'
      : rng.weighted({
          bank: 30,
          bankThenCheck: 10,
          callback: 22,
          callbackTwice: 10,
          cancelThenCallback: 8,
          cancel: 8,
          bankThenCallback: 5,
          leaveOpen: 7,
        });
    const created = await this.keyed(
      rng,
      'createDeposit',
      '/api/v2/deposits',
      { provider, mid: 'MID-LAOQR-01', bank: 'bcel', amount },
      0.15,
    );
    if (created.outcome !== 'ok') {
      const code = created.body?.code as string | undefined;
      if (code === 'OPEN_ORDER') await this.cancelOpenDeposits();
      // A promotion in force binds deposits to its provider: now and then the player gives it up.
      if ((code === 'PROMOTION_PROVIDER_USED' || code === 'PROMOTION_CREDIT_USED') && rng.chance(0.5))
        await this.cancelUsage(rng);
      return;
    }
    const code = created.body.order.code as string;
    const qrText = created.body.qr.qrText as string;
    switch (how) {
      case 'bank':
        await this.payByBank(qrText);
        break;
      case 'bankThenCheck':
        await this.payByBank(qrText);
        await this.call({
          operation: 'checkDeposit',
          method: 'POST',
          path: `/api/v2/deposits/${code}/check`,
          retry: true,
        });
        break;
      case 'callback':
        await this.payByCallback(code, amount, 1, how);
        break;
      case 'callbackTwice':
        await this.payByCallback(code, amount, 2, how);
        break;
      case 'cancelThenCallback':
        await this.cancelDeposit(code);
        await this.payByCallback(code, amount, 1, how);
        break;
      case 'cancel':
        await this.cancelDeposit(code);
        break;
      case 'bankThenCallback':
        await this.payByBank(qrText);
        await this.payByCallback(code, amount, 1, how);
        break;
      case 'leaveOpen':
        this.leftOpen.add(code);
        break;
    }
  }

  /** The sandbox bank pays the QR (and posts its own callback); its payments table is the bank's truth. */
  private payByBank(qrText: string): Promise<Call> {
    return send(this.run, this.player.index, {
      operation: 'paySandboxQr',
      method: 'POST',
      path: '/api/v2/sandbox/bank/pay',
      body: { qrText },
      retry: true,
    });
  }

  /**
   * The client as the bank: the money has left the payer, so the signed callback is delivered until it is
   * answered (`deliveries` copies at once: a bank that delivers twice).
   */
  private async payByCallback(
    billNumber: string,
    amount: number,
    deliveries: number,
    how: string,
  ): Promise<void> {
    this.payments += 1;
    const reference = `BANK-${this.seed}-${this.player.index}-${this.payments}`;
    const raw = JSON.stringify({
      billNumber,
      reference,
      amount,
      currency: 'LAK',
      status: 'SUCCESS',
      paidAt: new Date().toISOString(),
    });
    this.run.history.bankPayments.push({ client: this.player.index, billNumber, reference, amount, how });
    const spec: CallSpec = {
      operation: 'receivePaymentCallback',
      method: 'POST',
      path: '/api/v2/payments/callback',
      raw,
      headers: { 'x-signature': signPayload(secretsOf(this.seed).gateway, raw) },
      retry: true,
    };
    await Promise.all(Array.from({ length: deliveries }, () => send(this.run, this.player.index, spec)));
  }

  private cancelDeposit(code: string): Promise<Call> {
    return this.call({
      operation: 'cancelDeposit',
      method: 'POST',
      path: `/api/v2/deposits/${code}/cancel`,
      retry: true,
    });
  }

  private async cancelOpenDeposits(): Promise<void> {
    const open = await this.call({
      operation: 'listOpenDeposits',
      method: 'GET',
      path: '/api/v2/deposits/open',
      retry: true,
    });
    const orders = (open.body?.orders ?? open.body?.deposits ?? []) as { code: string }[];
    for (const order of orders) {
      await this.cancelDeposit(order.code);
      this.leftOpen.delete(order.code);
    }
  }

  /** The player's credit at every provider, satang (booking the game results the providers report). */
  async credits(): Promise<Record<ProviderCode, number> | undefined> {
    const read = await this.call({
      operation: 'getPlayerCredits',
      method: 'GET',
      path: '/api/v2/players/credits',
      retry: true,
    });
    if (read.outcome !== 'ok') return undefined;
    const credits = Object.fromEntries(PROVIDERS.map((p) => [p, 0])) as Record<ProviderCode, number>;
    for (const c of read.body.credits as { provider: ProviderCode; credit: { amount: string } }[])
      credits[c.provider] = parseThbToSatang(c.credit.amount) ?? 0;
    return credits;
  }

  private async withdraw(rng: Rng): Promise<void> {
    const credits = await this.credits();
    if (!credits) return;
    const candidates = PROVIDERS.filter((p) => credits[p] >= WITHDRAW_MIN);
    if (candidates.length === 0) return this.deposit(rng);
    const provider = rng.pick(candidates);
    const available = credits[provider];
    // Now and then more than the credit (CREDIT_NOT_ENOUGH); above 100,000 satang the operator decides.
    const credit = rng.chance(0.12)
      ? available + rng.int(1, 5_000)
      : rng.int(WITHDRAW_MIN, Math.min(available, 180_000));
    const body = { provider, bankAccountId: this.player.bankAccountId, credit };
    const asked = await this.keyed(rng, 'createWithdraw', '/api/v2/withdraws', body, 0.1);
    // A promotion that wants all the credit out: the player asks again for all of it, under a new key.
    const all = (asked.body?.details as { field: string; message: string }[] | undefined)?.find(
      (d) => d.field === 'credit',
    );
    if (asked.body?.code === 'PROMOTION_WITHDRAW_ALL' && all && Number(all.message) > 0)
      await this.keyed(
        rng,
        'createWithdraw',
        '/api/v2/withdraws',
        { ...body, credit: Number(all.message) },
        0.1,
      );
  }

  private async move(rng: Rng): Promise<void> {
    const credits = await this.credits();
    if (!credits) return;
    const candidates = PROVIDERS.filter((p) => credits[p] >= 100);
    if (candidates.length === 0) return this.deposit(rng);
    const from = rng.pick(candidates);
    const to = rng.pick(PROVIDERS.filter((p) => p !== from));
    const available = credits[from];
    const credit = rng.chance(0.12) ? available + rng.int(1, 5_000) : rng.int(100, available);
    await this.keyed(rng, 'moveCredit', '/api/v2/players/credits/move', { from, to, credit }, 0.1);
  }

  private async game(rng: Rng): Promise<void> {
    const credits = await this.credits();
    if (!credits) return;
    const candidates = PROVIDERS.filter((p) => credits[p] >= 1_000);
    if (candidates.length === 0) return this.deposit(rng);
    const provider = rng.pick(candidates);
    const game = rng.pick(GAMES[provider]);
    const rounds = rng.int(1, 3);
    const launched = await this.call({
      operation: 'launchGame',
      method: 'POST',
      path: '/api/v2/games/launch',
      body: { provider, gameId: game.id },
      retry: true,
    });
    if (launched.outcome !== 'ok') return;
    const token = new URL(launched.body.url as string, 'http://x').searchParams.get('token') ?? '';
    const opened = await this.call({
      operation: 'openStudioSession',
      method: 'POST',
      path: '/api/v2/sandbox/studio/sessions',
      body: { provider, gameId: game.id, token },
      retry: true,
    });
    if (opened.outcome !== 'ok') return;
    const session = opened.body.session as string;
    let balance = opened.body.balance as number;
    if (opened.body.openRound) {
      // The new session took the open round over: the old session no longer finds it.
      const roundId = opened.body.openRound.roundId as string;
      const kept = this.openRounds.findIndex((r) => r.roundId === roundId);
      if (kept !== -1) this.openRounds.splice(kept, 1);
      const settled = await this.settleRound(session, roundId);
      if (settled?.outcome === 'ok') balance = settled.body.balanceAfter as number;
    }
    for (let r = 0; r < rounds; r++) {
      const bet = rng.pick(BETS);
      const lines = game.kind === 'slot' ? rng.int(1, 5) : 1;
      if (bet * lines > balance) break;
      const played = await this.call({
        operation: 'playStudioRound',
        method: 'POST',
        path: '/api/v2/sandbox/studio/rounds',
        body: {
          session,
          bet,
          ...(game.kind === 'slot' ? { lines } : {}),
          ...(game.kind === 'table' ? { side: rng.pick(['player', 'banker', 'tie']) } : {}),
          ...(game.kind === 'reveal' ? { pick: rng.int(0, 2) } : {}),
        },
        // A bet has no key: sent again it would be a second bet. Its outcome may stay unknown.
        retry: false,
      });
      if (played.outcome === 'unknown') {
        this.run.history.unknownPlays.push({ client: this.player.index, provider });
        break;
      }
      if (played.outcome !== 'ok') break;
      balance = played.body.balanceAfter as number;
      if (played.body.status === 'OPEN') {
        const roundId = played.body.roundId as string;
        if (rng.chance(0.3)) {
          this.openRounds.push({ session, roundId });
          break;
        }
        const settled = await this.settleRound(session, roundId);
        if (settled?.outcome === 'ok') balance = settled.body.balanceAfter as number;
      }
    }
    // A table round left open earlier is settled now and then.
    if (this.openRounds.length > 0 && rng.chance(0.5)) {
      const open = this.openRounds.shift()!;
      await this.settleRound(open.session, open.roundId);
    }
  }

  /**
   * Claims a promotion at a provider and makes its qualifying deposit (the exact amount, there), or cancels
   * the usage in force (a bonus credited is taken back through the outbox).
   */
  private async promotion(rng: Rng): Promise<void> {
    if (rng.chance(0.35)) return this.cancelUsage(rng);
    const promotion = rng.pick(PROMOTIONS);
    const provider = rng.pick(PROVIDERS);
    const claimed = await this.keyed(
      rng,
      'claimPromotion',
      '/api/v2/promotions/use',
      { promotionId: promotion.id, providerId: provider },
      0.1,
    );
    if (claimed.outcome === 'ok')
      await this.deposit(rng, false, { provider, amount: promotion.depositAmount });
    else if (claimed.body?.code === 'PROMOTION_IN_USE' && rng.chance(0.5)) await this.cancelUsage(rng);
  }

  /** A new player's first deposit under the welcome promotion (first order only). */
  private async welcome(rng: Rng): Promise<void> {
    const provider = rng.pick(PROVIDERS);
    const welcome = PROMOTIONS[0];
    const claimed = await this.keyed(
      rng,
      'claimPromotion',
      '/api/v2/promotions/use',
      { promotionId: welcome.id, providerId: provider },
      0.1,
    );
    await this.deposit(
      rng,
      true,
      claimed.outcome === 'ok' ? { provider, amount: welcome.depositAmount } : undefined,
    );
  }

  private async cancelUsage(rng: Rng): Promise<void> {
    const current = await this.call({
      operation: 'getCurrentPromotion',
      method: 'GET',
      path: '/api/v2/players/promotions/using',
      retry: true,
    });
    const usageId = current.body?.usage?.usageId as string | undefined;
    if (current.outcome !== 'ok' || !usageId) return;
    await this.keyed(rng, 'cancelPromotionUsage', '/api/v2/promotions/usages/cancel', { usageId }, 0.1);
  }

  private settleRound(session: string, roundId: string): Promise<Call> {
    return this.call({
      operation: 'settleStudioRound',
      method: 'POST',
      path: `/api/v2/sandbox/studio/rounds/${roundId}/settle`,
      body: { session },
      retry: true,
    });
  }

  /** Sends an earlier acknowledged keyed call of this client again, with its key: the answer must repeat. */
  private async replayOne(rng: Rng): Promise<void> {
    const mine = this.run.history.calls.filter(
      (c) => c.client === this.player.index && c.key && c.outcome === 'ok' && c.replayOf === undefined,
    );
    if (mine.length === 0) return;
    const original = rng.pick(mine);
    await replay(this.run, original);
  }

  /**
   * The end of the run: today checked in (when it was not), a referrer's commission accrued by now claimed,
   * open table rounds settled, deposits left open cancelled.
   */
  async finish(): Promise<void> {
    const rng = new Rng(streamSeed(this.seed, 20_000 + this.player.index));
    await this.checkIn(rng, false);
    if (this.referrer) await this.claimReferral(rng);
    for (const open of this.openRounds.splice(0)) await this.settleRound(open.session, open.roundId);
    for (const code of this.leftOpen) await this.cancelDeposit(code);
    this.leftOpen.clear();
  }
}

function replay(run: RunState, original: Call): Promise<Call> {
  return send(run, original.client, {
    operation: original.operation,
    method: original.method,
    path: original.path,
    body: original.payload,
    key: original.key!,
    cookie: original.cookie!,
    retry: true,
    replayOf: original.id,
  });
}

/**
 * Account holders, one per client: a friend whose holder is the referrer's would earn the referrer nothing
 * (docs/rewards.md), and neither would one sharing their fingerprint.
 */
const HOLDERS = ['SOMCHAI PHOMMAVONG', 'BOUNMY SISOUVANH', 'KHAMPHONE VONGSAVATH', 'NOY KEOMANIVONG'];

/**
 * Registers (through the referrer's code, when the plan makes this client a friend), logs in and adds a
 * bank account over HTTP, as the web app does.
 */
async function newPlayer(
  url: string,
  seed: number,
  index: number,
  referrer?: WorkloadPlayer,
): Promise<WorkloadPlayer> {
  const username = `wl${seed}_${index}`.slice(0, 20);
  const post = async (urlPath: string, body: unknown, cookie?: string) => {
    const res = await fetch(url + urlPath, {
      method: 'POST',
      headers: { origin: url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${urlPath} ${res.status} ${await res.text()}`);
    return res;
  };
  const credentials = { username, password: TEST_PASSWORD };
  let referralCode: string | undefined;
  if (referrer) {
    const res = await fetch(`${url}/api/v2/rewards/referral`, { headers: { cookie: referrer.cookie } });
    if (res.status !== 200) throw new Error(`/api/v2/rewards/referral ${res.status} ${await res.text()}`);
    referralCode = ((await res.json()) as { code: string }).code;
  }
  await post('/api/v2/players/register', {
    ...credentials,
    confirmPassword: TEST_PASSWORD,
    fingerprint: `workload-${index}`,
    ...(referralCode ? { referralCode } : {}),
  });
  const login = await post('/api/v2/players/login', credentials);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const playerId = ((await login.json()) as { player: { id: string } }).player.id;
  const added = await post(
    '/api/v2/players/bank-accounts',
    {
      bank: 'bcel',
      accountNumber: accountNumber(),
      accountName: HOLDERS[index % HOLDERS.length]!,
      currency: 'LAK',
    },
    cookie,
  );
  const bankAccountId = ((await added.json()) as { bankAccount: { id: string } }).bankAccount.id;
  return {
    index,
    playerId,
    username,
    cookie,
    bankAccountId,
    ...(referrer ? { referredBy: referrer.index } : {}),
  };
}

/**
 * The staff members the operator's money decisions run as (`--as <member> --code <code>`, docs/backoffice.md):
 * a code is good once per 30-second step, so a decision takes a member who has not spent this step's.
 */
const STAFF_MEMBERS = 6;
const STAFF_PASSWORD = 'workload staff password 2026';
const TOTP_STEP_MS = 30_000;

interface StaffMember {
  username: string;
  secret: string;
  lastStep: number;
}

/** Each member made by `staff add` and enrolled through their link, as the enrolment page does it. */
async function enrolStaff(url: string, operator: Operator): Promise<StaffMember[]> {
  const members: StaffMember[] = [];
  for (let i = 0; i < STAFF_MEMBERS; i++) {
    const username = `workload${i}`;
    const added = await operator(['staff', 'add', username, '--role', 'operator']);
    const token = /\/backoffice\/enrol\/(\S+)/.exec(added?.output ?? '')?.[1];
    if (!token) throw new Error(`staff add ${username}: ${JSON.stringify(added)}`);
    const post = async (urlPath: string, body: unknown) => {
      const res = await fetch(url + urlPath, {
        method: 'POST',
        headers: { origin: url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${urlPath} ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ totpSecret?: string }>;
    };
    const secret = (await post('/api/v2/backoffice/enrolment/secret', { token })).totpSecret!;
    // The previous step's code, which the server still takes: this step's stays unspent for a decision.
    // Not sent in a step's last 1.5 s, when it could reach the server two steps late.
    const left = TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS);
    if (left < 1_500) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const code = currentTotpCode(secret, Date.now() - TOTP_STEP_MS);
    await post('/api/v2/backoffice/enrolment', { token, password: STAFF_PASSWORD, code });
    members.push({ username, secret, lastStep: 0 });
  }
  return members;
}

/** `--as <member> --code <code>` of a member with this step's code unspent, or undefined while none has. */
function asStaffMember(members: StaffMember[]): string[] | undefined {
  const step = Math.floor(Date.now() / TOTP_STEP_MS);
  const member = members.find((m) => m.lastStep < step);
  if (!member) return undefined;
  member.lastStep = step;
  return ['--as', member.username, '--code', currentTotpCode(member.secret)];
}

/** When the server's deposit reconciler last finished a run (its metric), or undefined. */
async function reconcilerFinishedAt(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const lag = /^reconciler_lag_seconds ([0-9.e+-]+)$/m.exec(await res.text())?.[1];
    return lag === undefined ? undefined : Date.now() - Number(lag) * 1000;
  } catch {
    return undefined;
  }
}

// The run ------------------------------------------------------------------------------------------------

async function setFaults(
  server: ServerProcess,
  providerSecret: string,
  faults: (p: ProviderCode) => ProviderFaults,
): Promise<void> {
  const link = new ProviderLink({
    providerBaseUrl: `${server.url}${SANDBOX_PROVIDER_PATH}`,
    port: server.port,
    providerSecret,
    providerTimeoutMs: 5_000,
  });
  for (const provider of PROVIDERS) {
    for (let attempt = 1; ; attempt++) {
      try {
        await new ProviderClient(provider, link).setFaults(faults(provider));
        break;
      } catch (err) {
        if (attempt >= 20) throw err;
        await sleep(200);
      }
    }
  }
}

const NO_FAULTS: ProviderFaults = {
  down: false,
  latencyMs: 0,
  errorPercent: 0,
  timeoutPercent: 0,
  duplicatePercent: 0,
};

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Opens the run's database in this process (the server is stopped by then). */
export async function openWorkloadDb(database: string): Promise<Db> {
  const url = process.env.DATABASE_URL ?? '';
  return url
    ? connect({ databaseUrl: url, dataDir: '' }, { searchPath: database })
    : connect({ databaseUrl: '', dataDir: database });
}

export async function dropWorkloadDb(database: string): Promise<void> {
  const url = process.env.DATABASE_URL ?? '';
  if (url) await adminQuery(url, `DROP SCHEMA IF EXISTS ${database} CASCADE`);
  else rmSync(database, { recursive: true, force: true });
}

export async function runMoneyWorkload(
  seed: number,
  options: { log?: (line: string) => void; keepDatabase?: boolean } = {},
): Promise<WorkloadResult> {
  const log = options.log ?? (() => undefined);
  const timings: Record<string, number> = {};
  let lap = Date.now();
  const mark = (name: string) => {
    timings[name] = Date.now() - lap;
    lap = Date.now();
  };
  const plan = makePlan(seed);
  const secrets = secretsOf(seed);
  const databaseUrl = process.env.DATABASE_URL ?? '';
  const history: History = {
    seed,
    database: databaseUrl ? 'PostgreSQL' : 'PGlite',
    plan,
    players: [],
    calls: [],
    bankPayments: [],
    killWindows: [],
    operator: [],
    unknownPlays: [],
    settleNotes: [],
    serverLog: '',
    serverErrors: [],
  };

  // A fresh database: the server migrates and seeds it at its first start.
  const bundle = bundledScript('server/src/main.ts');
  const database = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : await freshPgliteDir();
  if (databaseUrl) await adminQuery(databaseUrl, `CREATE SCHEMA ${database}`);

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    WEB_DIR: path.join(ROOT, 'build', 'test-workload', 'no-web'),
    SANDBOX: 'true',
    // The workload drives the transfer model's outbox against faulty provider wallets.
    TRANSFER_WALLET_PROVIDERS: 'all',
    GATEWAY_SECRET: secrets.gateway,
    PROVIDER_SECRET: secrets.provider,
    AUDIT_SECRET: secrets.audit,
    PROVIDER_TIMEOUT_MS: '400',
    OUTBOX_INTERVAL_SECONDS: '1',
    RECONCILE_INTERVAL_SECONDS: '1',
    RECONCILE_MIN_AGE_SECONDS: '2',
    STUDIO_SEED: `workload-${seed}`,
    // Automatic payouts from the first minute (the accounts are new), and a fourth withdrawal in the
    // hour goes to the operator.
    AUTO_WITHDRAW_NEW_ACCOUNT_HOURS: '0',
    AUTO_WITHDRAW_MAX_PER_HOUR: '3',
    ...(databaseUrl
      ? {
          DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${database}`)}`,
        }
      : { DATABASE_URL: '', DATA_DIR: database }),
  };
  const server = new ServerProcess(await bundle, port, env);
  const run: RunState = { server, history, progress: 0, nextCallId: 0 };
  history.killWindows = server.windows;
  history.serverErrors = server.errors;
  server.onCrash = (err) => {
    history.settleNotes.push(`crash: ${err.message.split('\n')[0]}`);
    run.aborted ??= err;
  };
  let operatorDb: { operator: Operator; close(): Promise<void> } | undefined;
  let failed = true;
  const crashPoint = `payCashback:${plan.rewards.crashAt}`;
  // On PGlite the server runs the operator's settlements (over its socket): started with the crash point
  // until the first settlement with a player to settle dies there.
  if (!databaseUrl) server.crashAt = crashPoint;
  const operatorBundle = databaseUrl ? bundledScript('server/test/moneyWorkloadOperator.ts') : undefined;
  try {
    await server.start(seed * 10);
    mark('start');
    for (let i = 0; i < plan.clients; i++) {
      const referrer = plan.rewards.referredBy[i];
      history.players.push(
        await newPlayer(server.url, seed, i, referrer === undefined ? undefined : history.players[referrer]),
      );
    }
    await setFaults(server, secrets.provider, (p) => plan.faults[p]);
    mark('players');
    operatorDb = databaseUrl ? await inProcessOperator(databaseUrl, database, port, secrets) : undefined;
    const operatorRng = new Rng(streamSeed(seed, 1));
    const opsCommand: Operator = async (args) => {
      const action: OperatorAction = { at: Date.now(), args };
      history.operator.push(action);
      const result = operatorDb
        ? await operatorDb.operator(args)
        : await socketOperator(path.join(database, 'ops.sock'))(args);
      if (result) action.result = result;
      return result;
    };
    const staff = await enrolStaff(server.url, opsCommand);
    mark('staff');
    /** A money command run as a staff member; left for later while every member spent this step's code. */
    const asStaff = async (args: string[]) => {
      const member = asStaffMember(staff);
      if (member) await opsCommand([...args, ...member]);
    };
    const decide = async (codes: string[], share: number) => {
      for (const code of codes)
        if (operatorRng.chance(share))
          await asStaff(['withdrawals', operatorRng.chance(0.7) ? 'approve' : 'reject', code]);
    };
    /** An operator's rewards command, sent again while it gets no answer (the server restarting). */
    const rewardsCommand = async (args: string[]) => {
      for (const deadline = Date.now() + 30_000; ;) {
        const result = await opsCommand(args);
        if (result || Date.now() > deadline || run.aborted !== undefined) return result;
        await sleep(250);
      }
    };
    for (const args of REWARD_SETTINGS)
      if ((await rewardsCommand(args))?.exitCode !== 0)
        throw new Error(`${args.join(' ')}: ${JSON.stringify(history.operator.at(-1)?.result)}`);

    /** Kills and restarts one at a time: the killer's, and the server dying at the crash point. */
    let serverTurn: Promise<unknown> = Promise.resolve();
    const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
      const turn = serverTurn.then(fn);
      serverTurn = turn.catch(() => undefined);
      return turn;
    };
    /** On PostgreSQL: one command in an operator process of its own that dies at the crash point. */
    const dyingOperator = async (args: string[]): Promise<boolean> => {
      const action: OperatorAction = { at: Date.now(), args: [...args, `(CRASH_AT=${crashPoint})`] };
      history.operator.push(action);
      const child = spawn(process.execPath, ['--enable-source-maps', (await operatorBundle)!], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          CRASH_AT: crashPoint,
          ...childOperatorEnv(databaseUrl, database, port, secrets, args),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (d: Buffer) => (output += String(d)));
      child.stderr!.on('data', (d: Buffer) => (output += String(d)));
      const signal = await new Promise<string | null>((resolve) =>
        child.on('exit', (_c, sig) => resolve(sig)),
      );
      if (signal === 'SIGKILL') {
        action.result = { exitCode: -1, output: `the operator's process died at ${crashPoint}` };
        return true;
      }
      try {
        action.result = JSON.parse(output.trim().split('\n').at(-1) ?? '') as OpsResult;
      } catch {
        action.result = { exitCode: -1, output: output.slice(-2_000) };
      }
      return false;
    };
    let crashed = false;
    /**
     * Settles today's day or week early, as an operator would. Until one has died at the crash point, the
     * settlement runs where it dies there (the server on PGlite, then restarted; its own process on
     * PostgreSQL); then it runs again (or once more), paying no one twice.
     */
    const settle = async (period: RewardRunPeriod) => {
      const args = ['rewards', 'run', periodName(period), '--early'];
      if (crashed) {
        await rewardsCommand(args);
        return;
      }
      crashed = databaseUrl
        ? await dyingOperator(args)
        : await exclusive(async () => {
            const died = await server.dieAtCrashPoint(() => opsCommand(args), 5_000);
            if (died) {
              log(`seed ${seed}: the server died at ${crashPoint} settling ${args[2]}`);
              await server.start(seed * 10 + 7);
              await setFaults(server, secrets.provider, (p) => plan.faults[p]);
            }
            return died;
          });
      // A settlement that did not die ran whole: there was no player to settle yet.
      if (!crashed) return;
      history.settleNotes.push(`a settlement died at ${crashPoint} (${args[2]}) and was run again`);
      await rewardsCommand(args);
    };
    const referrers = [...new Set(Object.values(plan.rewards.referredBy))].map(
      (i) => history.players[i]!.username,
    );
    const rewardSteps = [
      ...plan.rewards.runs.map((r) => ({ afterOps: r.afterOps, step: () => settle(r.period) })),
      {
        afterOps: plan.rewards.accrueAfterOps,
        step: async () => {
          for (const username of referrers) await rewardsCommand(['rewards', 'accrue', username, '--early']);
        },
      },
    ].sort((a, b) => a.afterOps - b.afterOps);

    // The workload: clients, operator and killer at once.
    const clients = history.players.map((p) => new Client(run, p));
    let clientsDone = false;
    const killer = (async () => {
      for (const [k, kill] of plan.kills.entries()) {
        while (run.progress < kill.afterOps && !clientsDone) await sleep(20);
        if (clientsDone) {
          history.settleNotes.push(`kill ${k + 1} not reached: the clients finished first`);
          return;
        }
        // On PGlite the server's death at the settlement's crash point stands for the last kill (the run's
        // time stays what it was).
        if (k > 0 && k === plan.kills.length - 1 && crashed && !databaseUrl) {
          history.settleNotes.push(`kill ${k + 1} left out: the server died at ${crashPoint} instead`);
          return;
        }
        await sleep(kill.delayMs);
        await exclusive(async () => {
          await server.kill();
          log(`seed ${seed}: SIGKILL ${k + 1} after ${run.progress} operations`);
          await sleep(kill.downMs);
          await server.start(seed * 10 + k + 1);
          await setFaults(server, secrets.provider, (p) => plan.faults[p]);
        });
      }
    })();
    // The operator's rewards, at their moments (those not reached while the clients ran, right after).
    const rewardOperator = (async () => {
      for (const { afterOps, step } of rewardSteps) {
        while (run.progress < afterOps && !clientsDone) await sleep(20);
        await step();
      }
      if (crashed) return;
      history.settleNotes.push(`no settlement reached ${crashPoint}: no player had results to settle`);
      if (server.crashAt === undefined) return;
      // The server is started without the crash point again, so the settle phase's settlements pay.
      server.crashAt = undefined;
      await exclusive(async () => {
        await server.kill();
        await server.start(seed * 10 + 8);
        await setFaults(server, secrets.provider, (p) => plan.faults[p]);
      });
    })();
    const operatorLoop = (async () => {
      while (!clientsDone) {
        await sleep(operatorRng.int(300, 900));
        const open = listed(await opsCommand(['withdrawals', 'list', '--status', 'OPEN']));
        if (open) await decide(open, 0.5);
      }
    })();
    try {
      // A server that does not come back ends the run at once (the clients stop retrying).
      await Promise.all([
        Promise.all(clients.map((c) => c.runOps(plan.opsPerClient))).finally(() => (clientsDone = true)),
        killer,
        rewardOperator,
      ]);
    } catch (err) {
      run.aborted ??= err;
      throw err;
    } finally {
      clientsDone = true;
      await operatorLoop;
    }
    if (run.aborted !== undefined) throw run.aborted;
    mark('workload');

    // Settle: no faults, every open thing decided, the outbox and the reconciler done.
    await setFaults(server, secrets.provider, () => NO_FAULTS);
    let settleKillDone = plan.settleKill === undefined;
    const settleKiller = (async () => {
      const kill = plan.settleKill;
      if (!kill) return;
      await sleep(kill.delayMs);
      await server.kill();
      log(`seed ${seed}: SIGKILL while settling`);
      await sleep(kill.downMs);
      await server.start(seed * 10 + 9);
      settleKillDone = true;
    })().catch((err: unknown) => {
      run.aborted ??= err;
    });
    await Promise.all(clients.map((c) => c.finish()));
    // Today and its week settled once more, faults off (each loss is paid once whichever period pays it).
    for (const period of ['day', 'week'] as const)
      await rewardsCommand(['rewards', 'run', periodName(period), '--early']);
    const settleStart = Date.now();
    let cleanSince: number | undefined;
    let reconcilerRuns = 0;
    let lastRun = 0;
    let expedited = 0;
    for (;;) {
      if (run.aborted !== undefined) throw run.aborted;
      const open = listed(await opsCommand(['withdrawals', 'list', '--status', 'OPEN']));
      if (open) await decide(open, 1);
      const pending = listed(await opsCommand(['transfers', 'pending']));
      const openDeposits = listed(await opsCommand(['deposits', 'list', '--status', 'OPEN']));
      const clean =
        settleKillDone && open?.length === 0 && pending?.length === 0 && openDeposits?.length === 0;
      if (clean) {
        cleanSince ??= Date.now();
        // Two reconciler runs finished since nothing was open, so one ran whole after it: a closed deposit
        // paid after all (its callback lost to a kill) would have been credited by now.
        const finished = await reconcilerFinishedAt(server.url);
        if (finished !== undefined && finished > cleanSince && finished > lastRun + 500) {
          reconcilerRuns += 1;
          lastRun = finished;
          if (reconcilerRuns >= 2) break;
        }
      } else {
        cleanSince = undefined;
        reconcilerRuns = 0;
      }
      const waited = Date.now() - settleStart;
      if (waited > SETTLE_DEADLINE_MS) {
        history.settleNotes.push(
          `not settled after ${SETTLE_DEADLINE_MS} ms: open withdrawals ${String(open)}, pending transfers ${String(pending)}, open deposits ${String(openDeposits)}`,
        );
        break;
      }
      if (waited > SETTLE_EXPEDITE_AFTER_MS && pending && pending.length > 0) {
        for (const reference of pending) await asStaff(['transfers', 'retry', reference]);
        expedited += pending.length;
      }
      await sleep(500);
    }
    await settleKiller;
    if (run.aborted !== undefined) throw run.aborted;
    if (expedited > 0) history.settleNotes.push(`operator sent ${expedited} pending transfer(s) again`);
    // Every credit read books the game results the providers report; then every acknowledged keyed
    // call is sent again with its key.
    for (const c of clients)
      if (!(await c.credits()))
        history.settleNotes.push(
          `not settled: client ${c.player.index}'s final read of its credits was refused`,
        );
    const acknowledged = history.calls.filter(
      (c) => c.key && c.outcome === 'ok' && c.replayOf === undefined && c.twinOf === undefined,
    );
    for (const original of acknowledged) await replay(run, original);
    const stillPending = listed(await opsCommand(['transfers', 'pending']));
    if (stillPending && stillPending.length > 0)
      history.settleNotes.push(`pending transfers after the final reads: ${stillPending.join(', ')}`);
    const invariants = await opsCommand(['invariants']);
    if (invariants) history.opsInvariants = invariants;
    mark('settle');
    await server.stop();
    mark('stop');
    history.settleNotes.push(...server.slowStops);
    history.serverLog = server.output;

    const db = await openWorkloadDb(database);
    let violations: Violation[];
    let rewards: RewardTally;
    try {
      violations = await checkWorkload(db, history);
      rewards = await rewardTally(db);
    } finally {
      await db.close();
    }
    mark('check');
    failed = violations.length > 0;
    return { history, violations, rewards, location: database, timings };
  } finally {
    await server.stop().catch(() => undefined);
    await operatorDb?.close().catch(() => undefined);
    history.serverLog ||= server.output;
    if (!failed && !options.keepDatabase) await dropWorkloadDb(database).catch(() => undefined);
    else if (!existsSync(database) && !databaseUrl) log(`seed ${seed}: database ${database} is gone`);
  }
}
