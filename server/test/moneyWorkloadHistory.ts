// What one money workload run plans and records: the shapes the runner (moneyWorkload.ts) fills in and the
// checker (moneyWorkloadCheck.ts) reads, in a module of their own so neither imports the other.
import type { ProviderCode } from '../src/adapters';
import type { OpsResult } from '../src/ops/commands';
import type { ProviderFaults } from '../src/adapters/providerClient';

export interface KillPlan {
  /** Kill once this many client operations have finished, in all… */
  afterOps: number;
  /** …plus this long. */
  delayMs: number;
  /** Dead for this long before the restart begins. */
  downMs: number;
}

export interface Plan {
  seed: number;
  clients: number;
  opsPerClient: number;
  faults: Record<ProviderCode, ProviderFaults>;
  kills: KillPlan[];
  /** A kill this long after the settle phase began (afterOps unused). */
  settleKill?: KillPlan;
  rewards: RewardPlan;
}

/** A cashback period the operator settles early (`rewards run <period> --early`): today's day or week. */
export type RewardRunPeriod = 'day' | 'week';

/** The rewards of a run (docs/rewards.md): who refers whom, and when the operator settles and accrues. */
export interface RewardPlan {
  /** A client registered through another's referral code: the friend's index to the referrer's. */
  referredBy: Record<number, number>;
  /**
   * Cashback settlements during the workload, each once this many client operations have finished: a day
   * and the week holding it, both.
   */
  runs: { afterOps: number; period: RewardRunPeriod }[];
  /**
   * The first settlement with a player to settle dies at this crash point of payCashback, and is run again:
   * the server dies (PGlite, where the ops socket runs the command in it), or the operator's own process
   * (PostgreSQL, where the command runs in the process that asks).
   */
  crashAt: 'before-commit' | 'after-commit';
  /** When the operator accrues every referrer's commission through today (`rewards accrue --early`). */
  accrueAfterOps: number;
}

// What the run records -----------------------------------------------------------------------------------

export interface Attempt {
  start: number;
  end: number;
  status?: number;
  code?: string;
  /** A connection error or the client's timeout: no answer. */
  error?: string;
}

/**
 * One call as the client made it: every attempt, and how it ended. `ok` and `refused` are definitive
 * answers; `unknown` means no definitive answer ever came (a call not retried, or the deadline passed).
 */
export interface Call {
  id: number;
  /** Client index, or -1 for the harness itself. */
  client: number;
  operation: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  key?: string;
  payload?: unknown;
  /** The raw body sent, when it is signed (the bank's callback). */
  raw?: string;
  cookie?: string;
  attempts: Attempt[];
  outcome: 'ok' | 'refused' | 'unknown';
  status?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the contract's many answer shapes
  body?: any;
  /** Sent on purpose as a replay of this earlier call (same key, same payload). */
  replayOf?: number;
  /** Sent at the same moment as this other call (a double tap). */
  twinOf?: number;
}

/** A payment the client made as the bank, delivered as a signed callback. */
export interface BankPayment {
  client: number;
  billNumber: string;
  reference: string;
  amount: number;
  how: string;
}

export interface ServerError {
  at: number;
  msg: string;
  error: string;
}

export interface KillWindow {
  killedAt: number;
  readyAt?: number;
}

export interface OperatorAction {
  at: number;
  args: string[];
  result?: OpsResult;
}

export interface WorkloadPlayer {
  index: number;
  playerId: string;
  username: string;
  cookie: string;
  bankAccountId: string;
  /** The client whose referral code this one registered with. */
  referredBy?: number;
}

export interface History {
  seed: number;
  database: 'PGlite' | 'PostgreSQL';
  plan: Plan;
  players: WorkloadPlayer[];
  calls: Call[];
  bankPayments: BankPayment[];
  killWindows: KillWindow[];
  operator: OperatorAction[];
  /** Rounds the studio may have played without the client learning it (a play whose answer was lost). */
  unknownPlays: { client: number; provider: ProviderCode }[];
  /** Notes of the settle phase (what it had to do), for the report. */
  settleNotes: string[];
  /** `npm run ops -- invariants` at the end, as the operator sees it. */
  opsInvariants?: OpsResult;
  /** The end of the server's output (its warnings and errors), for the report. */
  serverLog: string;
  serverErrors: ServerError[];
}
