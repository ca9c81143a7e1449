import type { Db, Queryable } from '../db/types';
import { toIso } from '../db/values';
import { DomainError } from '../errors';
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

async function requirePromotion(q: Queryable, id: string): Promise<void> {
  const r = await q.query('SELECT 1 FROM promotions WHERE id = $1', [id]);
  if (r.rows.length === 0) throw new DomainError('PROMOTION_NOT_FOUND', `No promotion ${id}`);
}

/** Operators: a promotion's title and description in one language (replaces that language's text). */
export async function setPromotionText(
  db: Db,
  id: string,
  lang: Language,
  text: { title: string; description: string },
): Promise<void> {
  await db.tx(async (q) => {
    await requirePromotion(q, id);
    await q.query(
      `INSERT INTO promotion_texts (promotion_id, lang, title, description) VALUES ($1, $2, $3, $4)
       ON CONFLICT (promotion_id, lang) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description`,
      [id, lang, text.title, text.description],
    );
  });
}

/** Operators: the artwork's address. Same origin only (a path such as /promotions/x.svg): the CSP allows no other. */
export async function setPromotionImage(db: Db, id: string, url: string): Promise<void> {
  if (!/^\/(?!\/)[A-Za-z0-9._~/-]+$/.test(url))
    throw new DomainError(
      'VALIDATION_ERROR',
      'The image address must be a same-origin path, e.g. /promotions/x.svg',
    );
  await db.tx(async (q) => {
    await requirePromotion(q, id);
    await q.query('UPDATE promotions SET image_url = $2 WHERE id = $1', [id, url]);
  });
}

/** Operators: when the promotion ends (a past date ends it now: it reads INACTIVE and cannot be claimed). */
export async function setPromotionEnd(db: Db, id: string, endsAt: Date): Promise<void> {
  await db.tx(async (q) => {
    await requirePromotion(q, id);
    await q.query('UPDATE promotions SET ends_at = $2 WHERE id = $1', [id, endsAt.toISOString()]);
  });
}
