import { randomUUID, type KeyObject } from 'node:crypto';
import { signedHub88, signedNative, SitePlayer, type Reply, type Site } from './site.mts';

/**
 * The certification scenarios, written from the lists aggregators and studios publish for operators
 * (balance, debit, credit, rollback, idempotency, signatures, limits, concurrency, retries over time), each
 * run as an outside provider runs it against the site. A scenario answers what it observed, in the same
 * words as what it expects: `OK <balance>` or `<HTTP status> <code>`.
 */

export const PROVIDER = 'alphabet';
export const GAME = 'alp-slot-001';
const START = 15_384; // satang: 100,000 LAK paid in

export interface Scenario {
  area: string;
  name: string;
  expected: string;
  run(t: Tools): Promise<string>;
}

/** What a scenario works with: a fresh funded player in a game, and the provider's two dialects. */
export interface Tools {
  site: Site;
  secret: string;
  otherSecret: string;
  player(): Promise<Player>;
}

/** A player in a game at PROVIDER: the site's player and the wallet's player reference. */
export interface Player {
  site: SitePlayer;
  ref: string;
  playerId: string;
}

const seen = (r: Reply): string =>
  r.status === 200 ? `OK ${String(r.body.balance)}` : `${r.status} ${String(r.body.code)}`;

let serial = 0;
const id = (kind: string) => `${kind}-${process.pid}-${++serial}`;

/** The native dialect's calls for one player, signed with the provider's secret. */
function native(t: Tools, p: Player) {
  const send = (operation: string, body: object) => signedNative(t.site, PROVIDER, t.secret, operation, body);
  const bet = (over: Record<string, unknown> = {}) => ({
    transactionId: id('bet'),
    roundId: id('round'),
    gameId: GAME,
    player: p.ref,
    amount: 1_000,
    currency: 'THB',
    ...over,
  });
  return {
    send,
    bet,
    placeBet: (over: Record<string, unknown> = {}) => {
      const body = bet(over);
      return send('bet', body).then((r) => ({ r, body }));
    },
    win: (
      of: { roundId: string; transactionId?: string },
      amount: number,
      over: Record<string, unknown> = {},
    ) =>
      send('win', {
        transactionId: id('win'),
        roundId: of.roundId,
        gameId: GAME,
        player: p.ref,
        amount,
        currency: 'THB',
        ...(of.transactionId ? { betTransactionId: of.transactionId } : {}),
        ...over,
      }),
    rollback: (
      of: { roundId: string; transactionId: string; amount: number },
      over: Record<string, unknown> = {},
    ) =>
      send('rollback', {
        transactionId: id('rb'),
        betTransactionId: of.transactionId,
        roundId: of.roundId,
        gameId: GAME,
        player: p.ref,
        amount: of.amount,
        currency: 'THB',
        ...over,
      }),
    end: (roundId: string) => send('end-round', { roundId, gameId: GAME, player: p.ref }),
    balance: () => send('balance', { player: p.ref }),
  };
}

const scenario = (area: string, name: string, expected: string, run: Scenario['run']): Scenario => ({
  area,
  name,
  expected,
  run,
});

export const NATIVE_SCENARIOS: Scenario[] = [
  // Balance
  scenario('balance', 'balance answers the credit in THB satang', `OK ${START}`, async (t) => {
    const w = native(t, await t.player());
    return seen(await w.balance());
  }),
  scenario('balance', 'balance of an unknown player reference', '404 WALLET_PLAYER_UNKNOWN', async (t) => {
    const w = native(t, { ...(await t.player()), ref: 'f'.repeat(64) });
    return seen(await w.balance());
  }),
  scenario(
    'balance',
    "balance with another provider's player reference",
    '404 WALLET_PLAYER_UNKNOWN',
    async (t) => {
      const p = await t.player();
      return seen(await signedNative(t.site, 'askmebet', t.otherSecret, 'balance', { player: p.ref }));
    },
  ),
  scenario('balance', 'balance asked in another currency', '400 WALLET_CURRENCY_MISMATCH', async (t) => {
    const p = await t.player();
    return seen(await native(t, p).send('balance', { player: p.ref, currency: 'USD' }));
  }),
  scenario('balance', 'balance with a malformed player reference', '400 VALIDATION_ERROR', async (t) => {
    return seen(await native(t, await t.player()).send('balance', { player: 'not-a-reference' }));
  }),

  // Signatures
  scenario('signature', 'a call without a signature', '401 WALLET_SIGNATURE_INVALID', async (t) => {
    const p = await t.player();
    return seen(
      await signedNative(t.site, PROVIDER, t.secret, 'bet', native(t, p).bet(), { omitSignature: true }),
    );
  }),
  scenario('signature', 'a call signed with a wrong secret', '401 WALLET_SIGNATURE_INVALID', async (t) => {
    const p = await t.player();
    return seen(await signedNative(t.site, PROVIDER, 'wrong-secret', 'bet', native(t, p).bet()));
  }),
  scenario(
    'signature',
    "a call signed with another provider's secret",
    '401 WALLET_SIGNATURE_INVALID',
    async (t) => {
      const p = await t.player();
      return seen(await signedNative(t.site, PROVIDER, t.otherSecret, 'bet', native(t, p).bet()));
    },
  ),
  scenario('signature', 'a body changed after signing', '401 WALLET_SIGNATURE_INVALID', async (t) => {
    const p = await t.player();
    const w = native(t, p);
    const signed = await signedNative(t.site, PROVIDER, t.secret, 'balance', { player: p.ref });
    return seen(
      await signedNative(t.site, PROVIDER, t.secret, 'bet', w.bet(), {
        timestamp: String(t.site.now()),
        signature: signed.signature,
      }),
    );
  }),
  scenario('signature', 'a signature 6 minutes old', '401 WALLET_TIMESTAMP_STALE', async (t) => {
    const p = await t.player();
    return seen(
      await signedNative(t.site, PROVIDER, t.secret, 'bet', native(t, p).bet(), {
        timestamp: String(t.site.now() - 6 * 60_000),
      }),
    );
  }),
  scenario('signature', 'a signature from 6 minutes ahead', '401 WALLET_TIMESTAMP_STALE', async (t) => {
    const p = await t.player();
    return seen(
      await signedNative(t.site, PROVIDER, t.secret, 'bet', native(t, p).bet(), {
        timestamp: String(t.site.now() + 6 * 60_000),
      }),
    );
  }),
  scenario('signature', 'a timestamp that is not a number', '401 WALLET_TIMESTAMP_STALE', async (t) => {
    const p = await t.player();
    return seen(
      await signedNative(t.site, PROVIDER, t.secret, 'bet', native(t, p).bet(), { timestamp: 'yesterday' }),
    );
  }),
  scenario('signature', 'the same signed call replayed', '401 WALLET_SIGNATURE_REPLAYED', async (t) => {
    const p = await t.player();
    const first = await signedNative(t.site, PROVIDER, t.secret, 'bet', native(t, p).bet());
    return seen(
      await signedNative(
        t.site,
        PROVIDER,
        t.secret,
        'bet',
        {},
        {
          raw: first.raw,
          timestamp: first.timestamp,
          signature: first.signature,
        },
      ),
    );
  }),
  scenario('signature', 'a replay moves no money', `OK ${START - 1_000}`, async (t) => {
    const p = await t.player();
    const w = native(t, p);
    const first = await signedNative(t.site, PROVIDER, t.secret, 'bet', w.bet());
    await signedNative(
      t.site,
      PROVIDER,
      t.secret,
      'bet',
      {},
      {
        raw: first.raw,
        timestamp: first.timestamp,
        signature: first.signature,
      },
    );
    return seen(await w.balance());
  }),

  // Bets and wins
  scenario('bet and win', 'a bet debits the stake', `OK ${START - 1_000}`, async (t) => {
    return seen((await native(t, await t.player()).placeBet()).r);
  }),
  scenario('bet and win', 'a win credits and ends the round', `OK ${START + 1_500}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.win(body, 2_500, { endRound: true }));
  }),
  scenario('bet and win', 'a lost round: a win of 0', `OK ${START - 1_000}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.win(body, 0, { endRound: true }));
  }),
  scenario(
    'bet and win',
    'several bets in one round, then one win',
    `OK ${START - 3_000 + 5_000}`,
    async (t) => {
      const w = native(t, await t.player());
      const roundId = id('round');
      for (let i = 0; i < 3; i++) await w.placeBet({ roundId });
      return seen(await w.win({ roundId }, 5_000, { endRound: true }));
    },
  ),
  scenario('bet and win', 'five rounds in a row', `OK ${START - 5 * 1_000 + 2 * 2_000}`, async (t) => {
    const w = native(t, await t.player());
    let last: Reply | undefined;
    for (let i = 0; i < 5; i++) {
      const { body } = await w.placeBet();
      last = await w.win(body, i % 2 === 0 && i < 4 ? 2_000 : 0, { endRound: true });
    }
    return seen(last!);
  }),
  scenario('bet and win', 'two wins in one open round', `OK ${START - 1_000 + 700 + 800}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    await w.win(body, 700);
    return seen(await w.win(body, 800, { endRound: true }));
  }),
  scenario('bet and win', 'a bet of the whole credit', 'OK 0', async (t) => {
    return seen((await native(t, await t.player()).placeBet({ amount: START })).r);
  }),
  scenario('round', 'a bet in an ended round', '409 WALLET_ROUND_ENDED', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    await w.end(body.roundId);
    return seen((await w.placeBet({ roundId: body.roundId })).r);
  }),
  scenario('round', 'ending a round twice answers the same', `OK ${START - 1_000}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    await w.end(body.roundId);
    return seen(await w.end(body.roundId));
  }),
  scenario('round', 'ending an unknown round', '404 WALLET_ROUND_NOT_FOUND', async (t) => {
    return seen(await native(t, await t.player()).end(id('round')));
  }),
  scenario('round', "ending another player's round", '409 WALLET_ROUND_MISMATCH', async (t) => {
    const { body } = await native(t, await t.player()).placeBet();
    return seen(await native(t, await t.player()).end(body.roundId));
  }),

  // Duplicates
  scenario('duplicates', 'a bet sent twice debits once', `OK ${START - 1_000}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    await w.send('bet', body);
    return seen(await w.balance());
  }),
  scenario('duplicates', 'a repeated bet answers the first answer', `OK ${START - 1_000}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    await w.placeBet();
    return seen(await w.send('bet', body));
  }),
  scenario('duplicates', 'a win sent twice credits once', `OK ${START + 1_000}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    const win = { transactionId: id('win') };
    await w.win(body, 2_000, win);
    await w.win(body, 2_000, win);
    return seen(await w.balance());
  }),
  scenario('duplicates', 'a rollback sent twice refunds once', `OK ${START}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    const rb = { transactionId: id('rb') };
    await w.rollback(body, rb);
    await w.rollback(body, rb);
    return seen(await w.balance());
  }),
  scenario(
    'duplicates',
    'the same bet id with another amount',
    '409 WALLET_TRANSACTION_CONFLICT',
    async (t) => {
      const w = native(t, await t.player());
      const { body } = await w.placeBet();
      return seen(await w.send('bet', { ...body, amount: 2_000 }));
    },
  ),
  scenario('duplicates', 'the same bet id in another round', '409 WALLET_TRANSACTION_CONFLICT', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.send('bet', { ...body, roundId: id('round') }));
  }),
  scenario(
    'duplicates',
    'the same win id with another amount',
    '409 WALLET_TRANSACTION_CONFLICT',
    async (t) => {
      const w = native(t, await t.player());
      const { body } = await w.placeBet();
      const win = { transactionId: id('win') };
      await w.win(body, 2_000, win);
      return seen(await w.win(body, 3_000, win));
    },
  ),
  scenario('duplicates', "a win reusing its bet's id", '409 WALLET_TRANSACTION_CONFLICT', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.win(body, 2_000, { transactionId: body.transactionId }));
  }),
  scenario(
    'duplicates',
    'the same rollback id for another bet',
    '409 WALLET_TRANSACTION_CONFLICT',
    async (t) => {
      const w = native(t, await t.player());
      const a = (await w.placeBet()).body;
      const b = (await w.placeBet()).body;
      const rb = { transactionId: id('rb') };
      await w.rollback(a, rb);
      return seen(await w.rollback(b, rb));
    },
  ),

  // Rollbacks
  scenario('rollback', 'a rollback after its bet refunds it', `OK ${START}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.rollback(body));
  }),
  scenario(
    'rollback',
    'a rollback before its bet is accepted and moves nothing',
    `OK ${START}`,
    async (t) => {
      const w = native(t, await t.player());
      return seen(await w.rollback({ ...w.bet(), amount: 1_000 }));
    },
  ),
  scenario('rollback', 'the bet arriving after its rollback', '409 WALLET_BET_ROLLED_BACK', async (t) => {
    const w = native(t, await t.player());
    const body = w.bet();
    await w.rollback(body);
    return seen(await w.send('bet', body));
  }),
  scenario('rollback', 'a rollback instead of the win, then the round ended', `OK ${START}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    await w.rollback(body);
    return seen(await w.end(body.roundId));
  }),
  scenario(
    'rollback',
    'a rollback with another amount than its bet',
    '409 WALLET_TRANSACTION_CONFLICT',
    async (t) => {
      const w = native(t, await t.player());
      const { body } = await w.placeBet();
      return seen(await w.rollback({ ...body, amount: 999 }));
    },
  ),
  scenario('rollback', 'a rollback naming a bet of another round', '409 WALLET_ROUND_MISMATCH', async (t) => {
    const w = native(t, await t.player());
    const a = (await w.placeBet()).body;
    const b = (await w.placeBet()).body;
    return seen(await w.rollback({ ...a, roundId: b.roundId }));
  }),
  scenario('rollback', 'a rollback naming a win', '404 WALLET_BET_NOT_FOUND', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    const win = { transactionId: id('win') };
    await w.win(body, 500, win);
    return seen(await w.rollback({ roundId: body.roundId, transactionId: win.transactionId, amount: 500 }));
  }),
  scenario('rollback', 'a rollback in an ended round', '409 WALLET_ROUND_ENDED', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    await w.win(body, 0, { endRound: true });
    return seen(await w.rollback(body));
  }),
  scenario(
    'rollback',
    'a second rollback of one bet under another id moves nothing',
    `OK ${START}`,
    async (t) => {
      const w = native(t, await t.player());
      const { body } = await w.placeBet();
      await w.rollback(body);
      return seen(await w.rollback(body));
    },
  ),
  scenario('rollback', 'a rollback long after its bet (the round still open)', `OK ${START}`, async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    for (let i = 0; i < 3; i++) await w.placeBet();
    const refund = await w.rollback(body);
    return refund.status === 200 ? `OK ${START}` : seen(refund);
  }),

  // Unknown and ended rounds
  scenario('win', 'a win for an unknown round', '404 WALLET_ROUND_NOT_FOUND', async (t) => {
    return seen(await native(t, await t.player()).win({ roundId: id('round') }, 1_000));
  }),
  scenario('win', 'a win for an ended round', '409 WALLET_ROUND_ENDED', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    await w.end(body.roundId);
    return seen(await w.win(body, 1_000));
  }),
  scenario('win', 'a win naming an unknown bet', '404 WALLET_BET_NOT_FOUND', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.win({ roundId: body.roundId, transactionId: id('bet') }, 1_000));
  }),
  scenario('win', 'a win naming a bet of another round', '409 WALLET_ROUND_MISMATCH', async (t) => {
    const w = native(t, await t.player());
    const a = (await w.placeBet()).body;
    const b = (await w.placeBet()).body;
    return seen(await w.win({ roundId: b.roundId, transactionId: a.transactionId }, 1_000));
  }),
  scenario('win', "a win in another player's round", '409 WALLET_ROUND_MISMATCH', async (t) => {
    const { body } = await native(t, await t.player()).placeBet();
    return seen(await native(t, await t.player()).win({ roundId: body.roundId }, 1_000));
  }),
  scenario(
    'win',
    'a win sent before its bet, then again after it',
    `OK ${START - 1_000 + 2_000}`,
    async (t) => {
      const w = native(t, await t.player());
      const body = w.bet();
      const win = { transactionId: id('win') };
      const early = await w.win(body, 2_000, win);
      if (early.status === 200) return 'the early win was taken';
      await w.send('bet', body);
      return seen(await w.win(body, 2_000, win));
    },
  ),

  // Amounts
  ...(
    [
      ['a bet of zero', 0],
      ['a negative bet', -100],
      ['a fractional bet', 10.5],
      ['a huge bet', 10_000_000_001],
      ['a bet amount as text', '1000'],
    ] as const
  ).map(([name, amount]) =>
    scenario('amounts', name, '400 VALIDATION_ERROR', async (t) =>
      seen((await native(t, await t.player()).placeBet({ amount })).r),
    ),
  ),
  scenario(
    'amounts',
    'a stake above the credit, with the balance',
    `409 WALLET_INSUFFICIENT_FUNDS ${START}`,
    async (t) => {
      const { r } = await native(t, await t.player()).placeBet({ amount: START + 1 });
      const details = (r.body.details ?? []) as { field: string; message: string }[];
      return `${seen(r)} ${details.find((d) => d.field === 'balance')?.message}`;
    },
  ),
  scenario('amounts', 'a refused stake moves nothing', `OK ${START}`, async (t) => {
    const w = native(t, await t.player());
    await w.placeBet({ amount: START + 1 });
    return seen(await w.balance());
  }),
  scenario('amounts', 'a negative win', '400 VALIDATION_ERROR', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.win(body, -1));
  }),
  scenario('amounts', 'a fractional win', '400 VALIDATION_ERROR', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.win(body, 0.5));
  }),

  // Currency, player, game
  scenario(
    'currency',
    "a bet in a currency that is not the player's",
    '400 WALLET_CURRENCY_MISMATCH',
    async (t) => {
      return seen((await native(t, await t.player()).placeBet({ currency: 'LAK' })).r);
    },
  ),
  scenario('currency', 'a win in another currency', '400 WALLET_CURRENCY_MISMATCH', async (t) => {
    const w = native(t, await t.player());
    const { body } = await w.placeBet();
    return seen(await w.win(body, 1_000, { currency: 'USD' }));
  }),
  scenario('player', 'a bet for an unknown player', '404 WALLET_PLAYER_UNKNOWN', async (t) => {
    return seen((await native(t, await t.player()).placeBet({ player: 'e'.repeat(64) })).r);
  }),
  scenario('game', 'a bet in an unknown game', '404 WALLET_GAME_UNKNOWN', async (t) => {
    return seen((await native(t, await t.player()).placeBet({ gameId: 'no-such-game' })).r);
  }),
  scenario('game', "a bet in another provider's game", '404 WALLET_GAME_UNKNOWN', async (t) => {
    return seen((await native(t, await t.player()).placeBet({ gameId: 'amb-slot-001' })).r);
  }),

  // Session and player protection
  scenario('session', 'a bet after the player logged out', '403 WALLET_SESSION_ENDED', async (t) => {
    const p = await t.player();
    await p.site.logout();
    return seen((await native(t, p).placeBet()).r);
  }),
  scenario('session', 'a win after the player logged out is paid', `OK ${START + 1_000}`, async (t) => {
    const p = await t.player();
    const w = native(t, p);
    const { body } = await w.placeBet();
    await p.site.logout();
    return seen(await w.win(body, 2_000, { endRound: true }));
  }),
  scenario('protection', 'a bet after a time-out', '403 PLAYER_TIMED_OUT', async (t) => {
    const p = await t.player();
    await p.site.timeOut();
    return seen((await native(t, p).placeBet()).r);
  }),
  scenario(
    'protection',
    'a win of an open round after a time-out is paid',
    `OK ${START + 1_000}`,
    async (t) => {
      const p = await t.player();
      const w = native(t, p);
      const { body } = await w.placeBet();
      await p.site.timeOut();
      return seen(await w.win(body, 2_000, { endRound: true }));
    },
  ),
  scenario('protection', 'a bet after a self-exclusion', '403 PLAYER_SELF_EXCLUDED', async (t) => {
    const p = await t.player();
    await p.site.selfExclude();
    return seen((await native(t, p).placeBet()).r);
  }),
  scenario('protection', 'a rollback after a self-exclusion is paid', `OK ${START}`, async (t) => {
    const p = await t.player();
    const w = native(t, p);
    const { body } = await w.placeBet();
    await p.site.selfExclude();
    return seen(await w.rollback(body));
  }),
  scenario('protection', 'a bet at the play-time limit', '403 PLAY_TIME_LIMIT_REACHED', async (t) => {
    const p = await t.player();
    await t.site.ops(['players', 'limits', p.site.username, 'play-time', 'day', '15']);
    await t.site.ops(['players', 'play-time', p.site.username, '15']);
    return seen((await native(t, p).placeBet()).r);
  }),
  scenario('protection', 'a bet over a loss limit', '409 LOSS_LIMIT_EXCEEDED', async (t) => {
    const p = await t.player();
    await p.site.lossLimitBelowDeposits();
    return seen((await native(t, p).placeBet()).r);
  }),

  // Concurrency
  scenario(
    'concurrency',
    'ten bets at once of 40 THB each: three taken, none overdraws',
    '3 taken, OK 3384',
    async (t) => {
      const w = native(t, await t.player());
      const replies = await Promise.all(Array.from({ length: 10 }, () => w.placeBet({ amount: 4_000 })));
      return `${replies.filter(({ r }) => r.status === 200).length} taken, ${seen(await w.balance())}`;
    },
  ),
  scenario('concurrency', 'one bet sent five times at once debits once', `OK ${START - 1_000}`, async (t) => {
    const w = native(t, await t.player());
    const body = w.bet();
    await Promise.all(Array.from({ length: 5 }, () => w.send('bet', body)));
    return seen(await w.balance());
  }),

  // Launch
  scenario('launch', 'a launch token spent twice', '403 LAUNCH_TOKEN_INVALID', async (t) => {
    const p = await t.player();
    const token = await p.site.launch(PROVIDER, GAME);
    await signedNative(t.site, PROVIDER, t.secret, 'session', { token, gameId: GAME });
    return seen(await signedNative(t.site, PROVIDER, t.secret, 'session', { token, gameId: GAME }));
  }),
  scenario('launch', 'a launch token for another game', '403 LAUNCH_TOKEN_INVALID', async (t) => {
    const p = await t.player();
    const token = await p.site.launch(PROVIDER, GAME);
    return seen(await signedNative(t.site, PROVIDER, t.secret, 'session', { token, gameId: 'alp-slot-003' }));
  }),
];

/**
 * Scenarios that move the site's clock: run last, after everything else. A provider retries a lost answer
 * for hours; each retry is signed at its own time and answered with the first answer.
 */
export const CLOCK_SCENARIOS: Scenario[] = [
  scenario(
    'retries',
    'a bet retried 3 hours later answers the first answer',
    `OK ${START - 1_000}`,
    async (t) => {
      const w = native(t, await t.player());
      const { body } = await w.placeBet();
      await t.site.advanceClock(3);
      return seen(await w.send('bet', body));
    },
  ),
  scenario(
    'retries',
    'a win retried hours later (the session long idle) is paid once',
    `OK ${START + 1_000}`,
    async (t) => {
      const w = native(t, await t.player());
      const { body } = await w.placeBet();
      const win = { transactionId: id('win') };
      await t.site.advanceClock(3);
      await w.win(body, 2_000, { ...win, endRound: true });
      await t.site.advanceClock(3);
      await w.win(body, 2_000, { ...win, endRound: true });
      return seen(await w.balance());
    },
  ),
  scenario(
    'retries',
    'a new bet after hours idle: the session has ended',
    '403 WALLET_SESSION_ENDED',
    async (t) => {
      const w = native(t, await t.player());
      await t.site.advanceClock(1);
      return seen((await w.placeBet()).r);
    },
  ),
];

// Hub88's dialect ------------------------------------------------------------------------------------------

const HUB88_UNITS = 1_000; // 1/100,000 of a baht per satang

/** The same scenarios' questions asked in Hub88's words; `OK <balance>` is in Hub88's units. */
export function hub88Scenarios(key: KeyObject, strangerKey: KeyObject): Scenario[] {
  const hub = (t: Tools, p: Player) => {
    const send = (call: string, body: object, signWith = key) =>
      signedHub88(t.site, PROVIDER, signWith, call, body);
    const common = () => ({ user: p.playerId, token: p.ref, request_uuid: randomUUID(), game_code: GAME });
    const bet = (over: Record<string, unknown> = {}) => ({
      ...common(),
      transaction_uuid: randomUUID(),
      round: randomUUID(),
      round_closed: false,
      currency: 'THB',
      amount: 1_000 * HUB88_UNITS,
      ...over,
    });
    return {
      send,
      bet,
      common,
      win: (
        of: { round: string; transaction_uuid: string },
        amount: number,
        over: Record<string, unknown> = {},
      ) =>
        send('transaction/win', {
          ...common(),
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: of.transaction_uuid,
          round: of.round,
          round_closed: true,
          currency: 'THB',
          amount,
          ...over,
        }),
      rollback: (of: { round: string; transaction_uuid: string }) =>
        send('transaction/rollback', {
          ...common(),
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: of.transaction_uuid,
          round: of.round,
        }),
    };
  };
  const status = (r: Reply) =>
    r.body.status === 'RS_OK'
      ? `RS_OK ${String(r.body.balance)}`
      : String(r.body.status ?? `${r.status} ${r.body.code}`);
  const S = START * HUB88_UNITS;
  return [
    scenario('hub88', 'balance', `RS_OK ${S}`, async (t) => {
      const h = hub(t, await t.player());
      const { game_code: _game, ...body } = h.common();
      return status(await h.send('user/balance', body));
    }),
    scenario('hub88', 'bet', `RS_OK ${S - 1_000_000}`, async (t) => {
      const h = hub(t, await t.player());
      return status(await h.send('transaction/bet', h.bet()));
    }),
    scenario('hub88', 'win closing the round', `RS_OK ${S + 1_000_000}`, async (t) => {
      const h = hub(t, await t.player());
      const b = h.bet();
      await h.send('transaction/bet', b);
      return status(await h.win(b, 2_000_000));
    }),
    scenario('hub88', 'the same bet twice: the first answer', `RS_OK ${S - 1_000_000}`, async (t) => {
      const h = hub(t, await t.player());
      const b = h.bet();
      await h.send('transaction/bet', b);
      return status(await h.send('transaction/bet', { ...b, request_uuid: randomUUID() }));
    }),
    scenario(
      'hub88',
      'the same transaction_uuid with another amount',
      'RS_ERROR_DUPLICATE_TRANSACTION',
      async (t) => {
        const h = hub(t, await t.player());
        const b = h.bet();
        await h.send('transaction/bet', b);
        return status(await h.send('transaction/bet', { ...b, amount: 2_000_000 }));
      },
    ),
    scenario('hub88', 'the same win twice credits once', `RS_OK ${S + 1_000_000}`, async (t) => {
      const h = hub(t, await t.player());
      const b = h.bet();
      await h.send('transaction/bet', b);
      const win = { transaction_uuid: randomUUID() };
      await h.win(b, 2_000_000, win);
      return status(await h.win(b, 2_000_000, win));
    }),
    scenario('hub88', 'rollback after the bet', `RS_OK ${S}`, async (t) => {
      const h = hub(t, await t.player());
      const b = h.bet();
      await h.send('transaction/bet', b);
      return status(await h.rollback(b));
    }),
    scenario(
      'hub88',
      'rollback before the bet, then the bet',
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      async (t) => {
        const h = hub(t, await t.player());
        const b = h.bet();
        await h.rollback(b);
        return status(await h.send('transaction/bet', b));
      },
    ),
    scenario('hub88', 'a win naming an unknown bet', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', async (t) => {
      const h = hub(t, await t.player());
      const b = h.bet();
      await h.send('transaction/bet', b);
      return status(await h.win({ round: b.round, transaction_uuid: randomUUID() }, 1_000_000));
    }),
    scenario('hub88', 'a win for an unknown round', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', async (t) => {
      const h = hub(t, await t.player());
      return status(await h.win({ round: randomUUID(), transaction_uuid: randomUUID() }, 1_000_000));
    }),
    scenario('hub88', 'a bet in a closed round', 'RS_ERROR_UNKNOWN', async (t) => {
      const h = hub(t, await t.player());
      const b = h.bet({ round_closed: true });
      await h.send('transaction/bet', b);
      return status(
        await h.send('transaction/bet', { ...b, transaction_uuid: randomUUID(), round_closed: false }),
      );
    }),
    scenario('hub88', 'not enough money, with the balance', `RS_ERROR_NOT_ENOUGH_MONEY ${S}`, async (t) => {
      const h = hub(t, await t.player());
      const r = await h.send('transaction/bet', h.bet({ amount: S + 1_000 }));
      return `${String(r.body.status)} ${String(r.body.balance)}`;
    }),
    scenario('hub88', 'an unknown token', 'RS_ERROR_INVALID_TOKEN', async (t) => {
      const h = hub(t, await t.player());
      return status(await h.send('transaction/bet', h.bet({ token: 'd'.repeat(64) })));
    }),
    scenario('hub88', "a user that is not the token's", 'RS_ERROR_INVALID_TOKEN', async (t) => {
      const h = hub(t, await t.player());
      return status(await h.send('transaction/bet', h.bet({ user: randomUUID() })));
    }),
    scenario('hub88', 'a signature of another key', 'RS_ERROR_INVALID_SIGNATURE', async (t) => {
      const h = hub(t, await t.player());
      return status(await h.send('transaction/bet', h.bet(), strangerKey));
    }),
    scenario('hub88', 'another currency', 'RS_ERROR_WRONG_CURRENCY', async (t) => {
      const h = hub(t, await t.player());
      return status(await h.send('transaction/bet', h.bet({ currency: 'EUR' })));
    }),
    scenario('hub88', 'an unknown game', 'RS_ERROR_INVALID_GAME', async (t) => {
      const h = hub(t, await t.player());
      return status(await h.send('transaction/bet', h.bet({ game_code: 'nope' })));
    }),
    scenario('hub88', 'an amount of a fraction of a satang', 'RS_ERROR_WRONG_TYPES', async (t) => {
      const h = hub(t, await t.player());
      return status(await h.send('transaction/bet', h.bet({ amount: 1_000_500 })));
    }),
    scenario('hub88', 'a bet after a time-out', 'RS_ERROR_USER_DISABLED', async (t) => {
      const p = await t.player();
      await p.site.timeOut();
      const h = hub(t, p);
      return status(await h.send('transaction/bet', h.bet()));
    }),
    scenario('hub88', 'a bet over a loss limit', 'RS_ERROR_LIMIT_REACHED', async (t) => {
      const p = await t.player();
      await p.site.lossLimitBelowDeposits();
      const h = hub(t, p);
      return status(await h.send('transaction/bet', h.bet()));
    }),
    scenario('hub88', 'a bet after logout', 'RS_ERROR_TOKEN_EXPIRED', async (t) => {
      const p = await t.player();
      await p.site.logout();
      const h = hub(t, p);
      return status(await h.send('transaction/bet', h.bet()));
    }),
    scenario('hub88', 'ten bets at once never overdraw', '3 taken', async (t) => {
      const h = hub(t, await t.player());
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => h.send('transaction/bet', h.bet({ amount: 4_000 * HUB88_UNITS }))),
      );
      return `${replies.filter((r) => r.body.status === 'RS_OK').length} taken`;
    }),
  ];
}
