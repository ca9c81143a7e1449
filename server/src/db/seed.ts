import type { Config } from '../config';
import type { Db } from './types';
import { seedGames } from './seedGames';
import { seedMoney } from './seedMoney';
import { seedPromotions } from './seedPromotions';
import { PROVIDERS } from '@core/providers';

/** The agency a fresh database starts with, so the site works out of the box. */
export const SEED_AGENCY = {
  id: 'agency-vientiane',
  name: 'Lao Star',
  currency: 'THB',
  telegram: 'https://t.me/laostar',
  whatsapp: 'https://wa.me/8562055555555',
  facebook: 'https://facebook.com/laostar',
  twitter: 'https://twitter.com/laostar',
  line: 'https://line.me/ti/p/laostar',
} as const;

/**
 * Fills a fresh database. Idempotent: the agency is only inserted when there is none, so re-running (or
 * two instances starting together) changes nothing; the money data seeds itself the same way.
 */
export async function seed(
  db: Db,
  config: Pick<Config, 'seedAgency'> & Partial<Pick<Config, 'transferWalletProviders'>>,
): Promise<void> {
  if (config.seedAgency) {
    const a = SEED_AGENCY;
    await db.query(
      `INSERT INTO agencies (id, name, currency, telegram, whatsapp, facebook, twitter, line)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
       WHERE NOT EXISTS (SELECT 1 FROM agencies)
       ON CONFLICT (id) DO NOTHING`,
      [a.id, a.name, a.currency, a.telegram, a.whatsapp, a.facebook, a.twitter, a.line],
    );
  }
  await seedMoney(db);
  // Not inside seedMoney: that one also seeds databases older than the catalogue's columns (ledgerUpgrade test).
  await seedGames(db);
  await seedPromotions(db);
  if (config.transferWalletProviders) await applyWalletModes(db, config.transferWalletProviders);
}

/**
 * Writes the configured wallet modes (domain/games/walletModes.ts) into the providers table at each start,
 * for the SQL that must know them (the outbox sends nothing to a seamless provider).
 */
async function applyWalletModes(db: Db, transfer: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE providers SET wallet_mode = CASE WHEN code = ANY($1::text[]) THEN 'TRANSFER' ELSE 'SEAMLESS' END
     WHERE code = ANY($2::text[])`,
    [transfer, PROVIDERS],
  );
}
