import type { AppContext } from '../context';
import { opsActor } from './staffCommands';
import type { Language } from '../domain/promotions/promotionCatalogue';
import {
  listPromotionsForOps,
  setPromotionEnd,
  setPromotionImage,
  setPromotionText,
  type OpsPromotion,
} from '../domain/promotions/promotionSettings';

export const PROMOTIONS_USAGE = `  promotions list                      promotions: status, end, artwork, languages with texts, Lao title
  promotions text <id> <lang> <title...> -- <description...>
                                       set the title and description in lo, th, cn or vn
  promotions image <id> <url>          set the artwork (a same-origin path, e.g. /promotions/x.svg)
  promotions end <id> <iso-date>       set when it ends (a past date ends it now)`;

/** A malformed promotions command: opsCommands answers it with the usage and exit code 2. */
export class PromotionsUsageError extends Error {}

const LANGUAGES: readonly Language[] = ['lo', 'th', 'cn', 'vn'];

function formatPromotion(p: OpsPromotion): string {
  return [
    p.id.padEnd(14),
    p.status.padEnd(8),
    (p.endsAt ?? '-').padEnd(24),
    (p.imageUrl ?? '-').padEnd(26),
    (p.languages.join(',') || '-').padEnd(11),
    p.title,
  ].join('  ');
}

/**
 * `npm run ops -- promotions <action> …`: the output lines. Refusals throw DomainError (unknown promotion,
 * an address that is not same-origin), malformed commands PromotionsUsageError.
 */
export async function runPromotionsCommand(ctx: AppContext, args: string[]): Promise<string[]> {
  const [action, id, ...rest] = args;
  if (action === 'list') {
    const promotions = await listPromotionsForOps(ctx.db);
    return [...promotions.map(formatPromotion), `${promotions.length} promotion(s)`];
  }
  if (!['text', 'image', 'end'].includes(action ?? ''))
    throw new PromotionsUsageError(`unknown command: promotions ${args.join(' ')}`);
  if (!id) throw new PromotionsUsageError('missing promotion id');
  if (action === 'text') {
    const [lang, ...words] = rest;
    if (!LANGUAGES.includes(lang as Language))
      throw new PromotionsUsageError(`the language must be one of ${LANGUAGES.join(', ')}`);
    const split = words.indexOf('--');
    const title = (split === -1 ? words : words.slice(0, split)).join(' ').trim();
    const description =
      split === -1
        ? ''
        : words
            .slice(split + 1)
            .join(' ')
            .trim();
    if (!title || !description) throw new PromotionsUsageError('give a title, then -- and a description');
    await setPromotionText(ctx.db, id, lang as Language, { title, description }, opsActor());
    return [`${id} ${lang}: ${title}`];
  }
  const [value] = rest;
  if (!value || rest.length > 1) throw new PromotionsUsageError(`promotions ${action} takes one value`);
  if (action === 'image') {
    await setPromotionImage(ctx.db, id, value, opsActor());
    return [`${id} image ${value}`];
  }
  const endsAt = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(endsAt.getTime()))
    throw new PromotionsUsageError('the end must be an ISO date, e.g. 2026-12-31T17:00:00Z');
  await setPromotionEnd(ctx.db, id, endsAt, opsActor());
  return [`${id} ends ${endsAt.toISOString()}`];
}
