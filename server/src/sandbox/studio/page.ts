import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PROVIDERS } from '@core/providers';
import type { AppContext } from '../../context';
import { createStudioWalletLink } from './walletLink';
import { allowFramingBySite, sendNotFound } from '../site';
import { studioGame } from './sessions';

/** The languages of the site (and Thai); the studio page's own texts are in studio/src/texts.ts. */
const HTML_LANG = { lo: 'lo', cn: 'zh-Hans', vn: 'vi', en: 'en', th: 'th' } as const;
type Lang = keyof typeof HTML_LANG;
const LOADING: Record<Lang, string> = {
  lo: 'ກຳລັງໂຫຼດເກມ…',
  cn: '游戏加载中…',
  vn: 'Đang tải trò chơi…',
  en: 'Loading the game…',
  th: 'กำลังโหลดเกม…',
};

/** The studio bundle, built by scripts/buildStudio.mjs into the web build's studio/ folder. */
const BUNDLE = { 'studio.js': 'text/javascript', 'studio.css': 'text/css' } as const;

function langOf(value: unknown): Lang {
  return typeof value === 'string' && value in HTML_LANG ? (value as Lang) : 'lo';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function studioPage(input: { lang: Lang; provider: string; gameId: string; name: string }): string {
  const attr = escapeHtml;
  return `<!doctype html>
<html lang="${HTML_LANG[input.lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(input.name)}</title>
<link rel="stylesheet" href="/studio/studio.css">
<script defer src="/studio/studio.js"></script>
</head>
<body>
<main id="studio" data-provider="${attr(input.provider)}" data-game="${attr(input.gameId)}" data-lang="${input.lang}">
<h1>${escapeHtml(input.name)}</h1>
<p role="status">${LOADING[input.lang]}</p>
</main>
</body>
</html>
`;
}

/**
 * The sandbox game studio's page behind every sandbox launch address, /sandbox/studio/<provider>/<gameId>
 * ?token=…, and its bundle under /studio/. Sandbox mode only: otherwise the page is a 404. The page may be
 * framed by the site's own game view; the token stays in the address only until the page has read it.
 */
export function registerStudio(app: FastifyInstance, ctx: AppContext): void {
  createStudioWalletLink(ctx, (r) => app.inject(r));
  app.get<{ Params: { provider: string; gameId: string }; Querystring: { lang?: string } }>(
    // The address carries a one-time launch token: the request log redacts it (redactUrl in log.ts).
    '/sandbox/studio/:provider/:gameId',
    async (req, reply) => {
      const { provider, gameId } = req.params;
      if (!ctx.config.sandbox || !(PROVIDERS as readonly string[]).includes(provider))
        return sendNotFound(reply);
      const game = await studioGame(ctx.db, provider, gameId);
      if (!game) return sendNotFound(reply);
      allowFramingBySite(reply);
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(studioPage({ lang: langOf(req.query.lang), provider, gameId, name: game.name }));
    },
  );

  for (const [file, type] of Object.entries(BUNDLE)) {
    app.get(`/studio/${file}`, async (_req, reply) => {
      if (!ctx.config.sandbox) return sendNotFound(reply);
      let body: Buffer;
      try {
        body = await readFile(path.resolve(ctx.config.webDir, 'studio', file));
      } catch {
        return sendNotFound(reply);
      }
      return reply.header('Cache-Control', 'no-cache').type(`${type}; charset=utf-8`).send(body);
    });
  }
}
