import type { Queryable } from './types';

/**
 * Reference data of the money side: providers, banks, currencies, promotions and the ledger's system
 * accounts (the game catalogue is seedGames.ts). Idempotent (ON CONFLICT DO NOTHING): safe on every start.
 * Existing rows are left alone so an operator's changes (a disabled currency, a new rate) survive a restart.
 */
export async function seedMoney(db: Queryable): Promise<void> {
  for (const [i, [code, name]] of PROVIDERS.entries()) {
    await db.query(
      'INSERT INTO providers (code, name, sort) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING',
      [code, name, i],
    );
  }
  for (const [i, b] of BANKS.entries()) {
    await db.query(
      `INSERT INTO banks (code, name, account_number_lengths, acquirer_iin, wallet_prefixes, sort)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING`,
      [b.code, b.name, b.lengths, b.iin, WALLET_PREFIXES, i],
    );
  }
  for (const [i, c] of CURRENCIES.entries()) {
    await db.query(
      `INSERT INTO currencies (code, mid, display_name, currency, buy, sell, is_enabled, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code, mid) DO NOTHING`,
      [c.code, c.mid, c.displayName, c.currency, c.buy, c.sell, c.isEnabled, i],
    );
  }
  for (const [i, p] of PROMOTIONS.entries()) {
    await db.query(
      `INSERT INTO promotions (id, title, description, status, deposit_amount, bonus_percent, max_bonus_credit,
         turnover, first_order_only, withdraw_all, credit_threshold, one_time, max_payout_percent, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
      [
        p.id,
        p.title,
        p.description,
        p.status,
        p.depositAmount,
        p.bonusPercent,
        p.maxBonusCredit,
        p.turnover,
        p.firstOrderOnly,
        p.withdrawAll,
        p.creditThreshold,
        p.oneTime,
        p.maxPayoutPercent,
        i,
      ],
    );
  }
  // System accounts are created here, before any player account, so they get the lowest ids.
  for (const a of SYSTEM_ACCOUNTS) {
    const key = `system:${a.kind}:${a.currency}${a.provider ? `:${a.provider}` : ''}`;
    await db.query(
      `INSERT INTO ledger_accounts (key, kind, currency, provider, is_system) VALUES ($1, $2, $3, $4, true)
       ON CONFLICT (key) DO NOTHING`,
      [key, a.kind, a.currency, a.provider ?? null],
    );
  }
}

const PROVIDERS: [string, string][] = [
  ['alphabet', 'Alphabet'],
  ['askmebet', 'AskMeBet'],
  ['gclub', 'GClub'],
  ['gclub_live', 'GClub Live'],
];

/**
 * Lao mobile numbers start 020 or 030; an account number that starts like one is a mobile-wallet account
 * (wallets are keyed by phone number), which the spec refuses. Bank account numbers never start this way.
 */
const WALLET_PREFIXES = ['020', '030'];

const BANKS = [
  { code: 'bcel', name: 'BCEL', lengths: [13, 18], iin: '27710418' },
  { code: 'jdb', name: 'JDB', lengths: [16], iin: '32170418' },
  { code: 'ldb', name: 'LDB', lengths: [12, 13], iin: '70030418' },
  { code: 'indochina', name: 'Indochina Bank', lengths: [13], iin: '70140418' },
  // Kasikornthai Bank Lao is not in the LAPNet member list we have: 70100418 is a plausible placeholder
  // (bank code + 0418 like the others); replace it with the real IIN before production.
  { code: 'kasikam', name: 'Kasikornthai Bank Lao', lengths: [12, 15], iin: '70100418' },
  { code: 'lvb', name: 'Lao-Viet Bank', lengths: [15], iin: '70050418' },
];

const CURRENCIES = [
  {
    code: 'LAOQR',
    mid: 'MID-LAOQR-01',
    displayName: 'LAO QR',
    currency: 'LAK',
    buy: '640.0000',
    sell: '650.0000',
    isEnabled: true,
  },
  // A second entry with the same mid: the list shows each mid once.
  {
    code: 'LAOQR-BCEL',
    mid: 'MID-LAOQR-01',
    displayName: 'LAO QR (BCEL One)',
    currency: 'LAK',
    buy: '640.0000',
    sell: '650.0000',
    isEnabled: true,
  },
  {
    code: 'THB',
    mid: 'MID-THB-01',
    displayName: 'Thai baht',
    currency: 'THB',
    buy: '1.0000',
    sell: '1.0000',
    isEnabled: true,
  },
  {
    code: 'USD',
    mid: 'MID-USD-01',
    displayName: 'US dollar',
    currency: 'USD',
    buy: '0.0280',
    sell: '0.0290',
    isEnabled: false,
  },
];

const PROMOTIONS = [
  {
    id: 'welcome-100',
    title: 'Welcome bonus 20%',
    description: '20% extra credit on your first deposit of 100,000 LAK.',
    status: 'ACTIVE',
    depositAmount: 100_000,
    bonusPercent: 20,
    maxBonusCredit: 50_000,
    turnover: 3,
    firstOrderOnly: true,
    withdrawAll: true,
    creditThreshold: 1_000,
    oneTime: true,
    maxPayoutPercent: 500,
  },
  {
    id: 'daily-10',
    title: 'Daily 10%',
    description: '10% extra credit on a deposit of 200,000 LAK.',
    status: 'ACTIVE',
    depositAmount: 200_000,
    bonusPercent: 10,
    maxBonusCredit: 20_000,
    turnover: 2,
    firstOrderOnly: false,
    withdrawAll: false,
    creditThreshold: 2_000,
    oneTime: false,
    maxPayoutPercent: 1_000,
  },
  {
    id: 'slot-50',
    title: 'Slot lovers 50%',
    description: '50% extra credit on a deposit of 500,000 LAK, up to 300 THB.',
    status: 'ACTIVE',
    depositAmount: 500_000,
    bonusPercent: 50,
    maxBonusCredit: 30_000,
    turnover: 5,
    firstOrderOnly: false,
    withdrawAll: true,
    creditThreshold: 1_000,
    oneTime: true,
    maxPayoutPercent: 300,
  },
  {
    id: 'songkran-30',
    title: 'Songkran 30%',
    description: 'Ended.',
    status: 'INACTIVE',
    depositAmount: 150_000,
    bonusPercent: 30,
    maxBonusCredit: 40_000,
    turnover: 3,
    firstOrderOnly: false,
    withdrawAll: false,
    creditThreshold: 1_000,
    oneTime: true,
    maxPayoutPercent: 500,
  },
];

const SYSTEM_ACCOUNTS: { kind: string; currency: string; provider?: string }[] = [
  { kind: 'bank_clearing', currency: 'LAK' },
  { kind: 'exchange', currency: 'LAK' },
  { kind: 'exchange', currency: 'THB' },
  { kind: 'payout_clearing', currency: 'LAK' },
  { kind: 'deposit_returns', currency: 'LAK' },
  { kind: 'withdraw_hold', currency: 'THB' },
  { kind: 'promotion_liability', currency: 'THB' },
  { kind: 'reward_liability', currency: 'THB' },
  { kind: 'corrections', currency: 'THB' },
  ...PROVIDERS.map(([provider]) => ({ kind: 'provider_float', currency: 'THB', provider })),
];
