import type { Db, Queryable } from '../../db/types';
import { toIso } from '../../db/values';
import { DomainError } from '../../errors';
import { appendAudit, type Actor } from '../ledger/audit';
import { promotionRulesForStaff } from './promotionAuthoring';
import { promotionSelect, type Language, type PromotionRow } from './promotionCatalogue';

/** Operators: one promotion as `npm run ops -- promotions list` shows it. */
export interface OpsPromotion {
  id: string;
  status: 'ACTIVE' | 'INACTIVE';
  endsAt: string | null;
  imageUrl: string | null;
  /** The languages it has texts in. */
  languages: Language[];
  title: string;
}

export async function listPromotionsForOps(q: Queryable): Promise<OpsPromotion[]> {
  const r = await q.query<PromotionRow & { languages: Language[] | null }>(
    `${promotionSelect(1).replace(
      'FROM promotions p',
      `, (SELECT array_agg(x.lang ORDER BY x.lang) FROM promotion_texts x WHERE x.promotion_id = p.id) AS languages
    FROM promotions p`,
    )} ORDER BY p.sort, p.id`,
    ['lo'],
  );
  return r.rows.map((row) => ({
    id: row.id,
    status: row.status,
    endsAt: row.ends_at ? toIso(row.ends_at) : null,
    imageUrl: row.image_url,
    languages: row.languages ?? [],
    title: row.title,
  }));
}

/** The promotion's artwork and end, locked for a change; PROMOTION_NOT_FOUND when there is none. */
async function lockPromotion(
  q: Queryable,
  id: string,
): Promise<{ image_url: string | null; ends_at: unknown }> {
  const r = await q.query<{ image_url: string | null; ends_at: unknown }>(
    'SELECT image_url, ends_at FROM promotions WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!r.rows[0]) throw new DomainError('PROMOTION_NOT_FOUND', `No promotion ${id}`);
  return r.rows[0];
}

async function requirePromotion(q: Queryable, id: string): Promise<void> {
  const r = await q.query('SELECT 1 FROM promotions WHERE id = $1', [id]);
  if (r.rows.length === 0) throw new DomainError('PROMOTION_NOT_FOUND', `No promotion ${id}`);
}

/**
 * Operators and marketing staff: a promotion's title and description in one language (replaces that
 * language's text), audited with the text it replaced.
 */
export async function setPromotionText(
  db: Db,
  id: string,
  lang: Language,
  text: { title: string; description: string },
  actor: Actor,
): Promise<void> {
  await db.tx(async (q) => {
    await requirePromotion(q, id);
    const before = await q.query<{ title: string; description: string }>(
      'SELECT title, description FROM promotion_texts WHERE promotion_id = $1 AND lang = $2 FOR UPDATE',
      [id, lang],
    );
    await appendAudit(q, actor, {
      action: 'promotion.text',
      target: `promotion:${id}:${lang}`,
      before: before.rows[0] ?? null,
      after: text,
    });
    await q.query(
      `INSERT INTO promotion_texts (promotion_id, lang, title, description) VALUES ($1, $2, $3, $4)
       ON CONFLICT (promotion_id, lang) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description`,
      [id, lang, text.title, text.description],
    );
  });
}

/** Operators: the artwork's address. Same origin only (a path such as /promotions/x.svg): the CSP allows no other. */
export async function setPromotionImage(db: Db, id: string, url: string, actor: Actor): Promise<void> {
  if (!/^\/(?!\/)[A-Za-z0-9._~/-]+$/.test(url))
    throw new DomainError(
      'VALIDATION_ERROR',
      'The image address must be a same-origin path, e.g. /promotions/x.svg',
    );
  await db.tx(async (q) => {
    const before = await lockPromotion(q, id);
    await appendAudit(q, actor, {
      action: 'promotion.image',
      target: `promotion:${id}`,
      before: { imageUrl: before.image_url },
      after: { imageUrl: url },
    });
    await q.query('UPDATE promotions SET image_url = $2 WHERE id = $1', [id, url]);
  });
}

/** Operators: when the promotion ends (a past date ends it now: it reads INACTIVE and cannot be claimed). */
export async function setPromotionEnd(db: Db, id: string, endsAt: Date, actor: Actor): Promise<void> {
  if (Number.isNaN(endsAt.getTime())) throw new DomainError('VALIDATION_ERROR', 'The end is not a date');
  await db.tx(async (q) => {
    const before = await lockPromotion(q, id);
    await appendAudit(q, actor, {
      action: 'promotion.end',
      target: `promotion:${id}`,
      before: { endsAt: before.ends_at === null ? null : toIso(before.ends_at) },
      after: { endsAt: endsAt.toISOString() },
    });
    await q.query('UPDATE promotions SET ends_at = $2 WHERE id = $1', [id, endsAt.toISOString()]);
  });
}

/** A promotion with every text it has and its rules, for the back office's editor. */
export async function promotionsForStaff(q: Queryable, id?: string) {
  const promotions = (await listPromotionsForOps(q)).filter((p) => id === undefined || p.id === id);
  if (id !== undefined && promotions.length === 0)
    throw new DomainError('PROMOTION_NOT_FOUND', `No promotion ${id}`);
  const texts = await q.query<{ promotion_id: string; lang: Language; title: string; description: string }>(
    `SELECT promotion_id, lang, title, description FROM promotion_texts
     WHERE $1::text IS NULL OR promotion_id = $1::text ORDER BY promotion_id, lang`,
    [id ?? null],
  );
  const rules = await promotionRulesForStaff(q);
  return promotions.map((p) => ({
    ...rules.get(p.id)!,
    id: p.id,
    status: p.status,
    endsAt: p.endsAt,
    imageUrl: p.imageUrl,
    texts: texts.rows
      .filter((t) => t.promotion_id === p.id)
      .map((t) => ({ lang: t.lang, title: t.title, description: t.description })),
  }));
}
