import { createHmac } from 'node:crypto';
import { checkInvariants } from '../src/domain/ledger/ledger';
import { toInt } from '../src/db/values';
import { createTestApp, spawnOnTestDatabase, type TestApp } from './helpers';
import { removeBundles } from './nodeBundles';
import { playerInAlphabetGame, WalletProviderClient } from './walletProvider';

afterAll(() => removeBundles());

/**
 * kill -9 inside a seamless bet and inside a rollback (server/src/crashPoints.ts), with the call's effect
 * written but not committed, and committed but not answered. The provider never got an answer, so it
 * retries the same transaction (signed afresh) on the restarted server: the stake is taken once, the
 * refund paid once, and the ledger is sound.
 */

const SEAMLESS = { SANDBOX: 'true', TRANSFER_WALLET_PROVIDERS: '' };
const GAME = 'alp-slot-001';

function signed(secret: string, operation: string, payload: object) {
  const url = `/api/v2/wallet/alphabet/${operation}`;
  const body = JSON.stringify(payload);
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret).update(`POST ${url}\n${timestamp}\n${body}`).digest('hex');
  return {
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'x-wallet-timestamp': timestamp,
      'x-wallet-signature': signature,
    },
    payload: body,
  };
}

async function runChild(database: string, crashAt: string, request: object): Promise<string> {
  const child = await spawnOnTestDatabase('crashChild.ts', database, {
    ...SEAMLESS,
    CRASH_AT: crashAt,
    CHILD_REQUEST: JSON.stringify(request),
  });
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? `exit ${code}: ${output}`)),
  );
}

interface Player {
  playerId: string;
  player: string;
}

async function playerInGame(t: TestApp): Promise<Player> {
  const p = await playerInAlphabetGame(t, GAME);
  return { playerId: p.playerId, player: p.player };
}

async function credit(t: TestApp, playerId: string): Promise<number> {
  const r = await t.ctx.db.query<{ balance: unknown }>('SELECT balance FROM ledger_accounts WHERE key = $1', [
    `player:${playerId}:alphabet`,
  ]);
  return toInt(r.rows[0]!.balance);
}

test('a server killed inside a bet or a rollback takes the provider’s retry exactly once', async () => {
  let t = await createTestApp({ env: SEAMLESS, keep: true });
  const database = t.database;
  const secret = t.ctx.config.walletSecrets.alphabet!;
  const cases: { crashAt: string; operation: string; payload: object; player: Player; expected: number }[] =
    [];
  for (const boundary of ['before-commit', 'after-commit']) {
    const better = await playerInGame(t);
    cases.push({
      crashAt: `placeWalletBet:${boundary}`,
      operation: 'bet',
      payload: {
        transactionId: `crash-bet-${boundary}`,
        roundId: `crash-round-${boundary}`,
        gameId: GAME,
        player: better.player,
        amount: 1000,
        currency: 'THB',
      },
      player: better,
      expected: 14_384,
    });
    const roller = await playerInGame(t);
    const bet = {
      transactionId: `crash-rb-bet-${boundary}`,
      roundId: `crash-rb-round-${boundary}`,
      gameId: GAME,
      player: roller.player,
      amount: 2000,
      currency: 'THB',
    };
    const client = new WalletProviderClient(t.app, 'alphabet', secret, () => t.ctx.clock.now());
    expect((await client.send('bet', bet)).status).toBe(200);
    cases.push({
      crashAt: `rollbackWalletBet:${boundary}`,
      operation: 'rollback',
      payload: { ...bet, transactionId: `crash-rb-${boundary}`, betTransactionId: bet.transactionId },
      player: roller,
      expected: 15_384,
    });
  }
  await t.close();

  for (const c of cases)
    expect([c.crashAt, await runChild(database, c.crashAt, signed(secret, c.operation, c.payload))]).toEqual([
      c.crashAt,
      'SIGKILL',
    ]);

  t = await createTestApp({ env: SEAMLESS, reuse: database });
  try {
    for (const c of cases) {
      const retried = await t.app.inject(signed(secret, c.operation, c.payload));
      expect([c.crashAt, retried.statusCode, retried.json().balance]).toEqual([c.crashAt, 200, c.expected]);
      expect([c.crashAt, await credit(t, c.player.playerId)]).toEqual([c.crashAt, c.expected]);
    }
    expect(await checkInvariants(t.ctx.db)).toEqual([]);
  } finally {
    await t.close();
  }
});
