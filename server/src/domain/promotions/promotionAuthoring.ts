import { clockNow } from '../../clock';
import type { components } from '@core/contract';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/types';
import { DomainError } from '../../errors';
import { appendAudit, type Actor } from '../ledger/audit';
import { depositBounds } from '../players/depositBounds';
import { ruleTermsOf, type PromotionRuleRow } from './promotionCatalogue';

/** A promotion's rules as staff write them (the contract's units: LAK, THB satang, percent, times). */
export type PromotionRules = components['schemas']['StaffPromotionRules'];
type NewPromotion = components['schemas']['StaffNewPromotion'];

const RULE_COLUMNS = `deposit_amount, bonus_percent, max_bonus_credit, turnover, first_order_only, withdraw_all,
  credit_threshold, one_time, max_payout_percent, min_withdraw_credit`;

/** The contract names the payout cap maxWithdrawPercent for staff; the rest reads as the claim reads it. */
function rulesOf(r: PromotionRuleRow): PromotionRules {
  const { maxPayoutPercent, ...rest } = ruleTermsOf(r);
  return { ...rest, maxWithdrawPercent: maxPayoutPercent };
}

function ruleValues(rules: PromotionRules) {
  return [
    rules.depositAmount,
    rules.bonusPercent,
    rules.maxBonusCredit,
    rules.turnover,
    rules.firstOrderOnly,
    rules.withdrawAll,
    rules.creditThreshold,
    rules.oneTime,
    rules.maxWithdrawPercent,
    rules.minWithdrawCredit,
  ];
}

/** Every promotion's rules and whether a player has claimed it (its rules are then fixed). */
export async function promotionRulesForStaff(
  q: Queryable,
): Promise<Map<string, { rules: PromotionRules; claimed: boolean }>> {
  const r = await q.query<PromotionRuleRow & { id: string; claimed: boolean }>(
    `SELECT p.id, ${RULE_COLUMNS.replace(/(\w+)/g, 'p.$1')},
       EXISTS (SELECT 1 FROM promotion_usages u WHERE u.promotion_id = p.id) AS claimed
     FROM promotions p`,
  );
  return new Map(r.rows.map((row) => [row.id, { rules: rulesOf(row), claimed: row.claimed }]));
}

/** A promotion nobody can use is a mistake: the deposit it requires must be one players can make. */
async function assertUsable(q: Queryable, config: Config, rules: PromotionRules): Promise<void> {
  const bounds = await depositBounds(q, config);
  if (rules.depositAmount < bounds.min || rules.depositAmount > bounds.max)
    throw new DomainError('VALIDATION_ERROR', 'The deposit must lie within the deposit bounds', [
      { field: 'depositAmount', message: `${bounds.min} to ${bounds.max}` },
    ]);
}

/**
 * Staff: a new promotion, claimable at once until `endsAt`, with its Lao text (the Lao text is also the
 * last fallback every language reads). Audited with everything it was created with.
 */
export async function createPromotion(
  db: Db,
  config: Config,
  input: NewPromotion,
  actor: Actor,
): Promise<void> {
  const endsAt = new Date(input.endsAt);
  if (!(endsAt.getTime() > (await clockNow(db)).getTime()))
    throw new DomainError('VALIDATION_ERROR', 'A new promotion ends in the future', [
      { field: 'endsAt', message: 'in the future' },
    ]);
  await db.tx(async (q) => {
    await assertUsable(q, config, input.rules);
    const created = await q.query(
      `INSERT INTO promotions (id, title, description, status, ${RULE_COLUMNS}, image_url, ends_at, sort)
       VALUES ($1, $2, $3, 'ACTIVE', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
         (SELECT COALESCE(max(sort), 0) + 1 FROM promotions))
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        input.id,
        input.title,
        input.description,
        ...ruleValues(input.rules),
        input.imageUrl ?? null,
        endsAt.toISOString(),
      ],
    );
    if (created.rows.length === 0)
      throw new DomainError('PROMOTION_ID_TAKEN', `A promotion ${input.id} exists already`);
    await q.query(
      `INSERT INTO promotion_texts (promotion_id, lang, title, description) VALUES ($1, 'lo', $2, $3)`,
      [input.id, input.title, input.description],
    );
    await appendAudit(q, actor, {
      action: 'promotion.create',
      target: `promotion:${input.id}`,
      before: null,
      after: { ...input, endsAt: endsAt.toISOString() },
    });
  });
}

/**
 * Staff: a promotion's rules, replaced while no player has claimed it. A claim locks the promotion's row
 * (FOR KEY SHARE) until it commits, and this takes it FOR UPDATE: one waits for the other, so a player never
 * holds a usage under rules other than those the claim checked.
 */
export async function setPromotionRules(
  db: Db,
  config: Config,
  id: string,
  rules: PromotionRules,
  actor: Actor,
): Promise<void> {
  await db.tx(async (q) => {
    const found = await q.query<PromotionRuleRow>(
      `SELECT ${RULE_COLUMNS} FROM promotions WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const before = found.rows[0];
    if (!before) throw new DomainError('PROMOTION_NOT_FOUND', `No promotion ${id}`);
    const claimed = await q.query('SELECT 1 FROM promotion_usages WHERE promotion_id = $1 LIMIT 1', [id]);
    if (claimed.rows.length > 0)
      throw new DomainError('PROMOTION_RULES_LOCKED', 'Players have claimed it: its rules are fixed');
    await assertUsable(q, config, rules);
    await q.query(
      `UPDATE promotions SET (${RULE_COLUMNS}) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11) WHERE id = $1`,
      [id, ...ruleValues(rules)],
    );
    await appendAudit(q, actor, {
      action: 'promotion.rules',
      target: `promotion:${id}`,
      before: rulesOf(before),
      after: rules,
    });
  });
}
