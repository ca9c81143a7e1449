import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { framesOf } from '../pageChecks';

/**
 * No English on a page in Lao, Thai or Chinese (issue 27, item 6): every word in Latin letters a player
 * reads (text, and the names given to controls, fields and pictures) is a name: the agency's, a provider's,
 * a game's, a bank's, a currency code. Vietnamese is written in Latin letters, so it is not scanned.
 */

/** Names the site shows as they are, in every language. */
const NAMES = [
  'Lao Star',
  'Alphabet',
  'AskMeBet',
  'GClub',
  'GClub Live',
  'LAO QR',
  'QR',
  'BCEL',
  'BCEL One',
  'THB',
  'LAK',
  'USD',
  'Telegram',
  'WhatsApp',
  'Facebook',
  'Twitter',
  'LINE',
  'Line',
  'X',
  // The footer's short bank names.
  'Kasikorn',
  'LVB',
  // A signed-in device as its browser names itself, and its address.
  'Chrome',
  'Android',
  'Windows',
  'macOS',
  'Linux',
  'iPhone',
  'IP',
  'Tiếng Việt',
  // The not-found page's words, as the spec gives them (docs/player-site.md §2), marked lang="en".
  'Not Found',
];

/**
 * The names a page may show in Latin letters: the site's own, the player's, and every name the catalogue's
 * answers give (games and banks are named by their makers). `request` holds a session of its own.
 */
export async function allowedNames(request: APIRequestContext, username: string): Promise<string[]> {
  const games = (await (await request.get('/api/v2/games')).json()) as { games: Array<{ name: string }> };
  const banks = (await (await request.get('/api/v2/banks')).json()) as { banks: Array<{ name: string }> };
  return [...NAMES, username, ...games.games.map((g) => g.name), ...banks.banks.map((b) => b.name)];
}

function latinWords(frame: Frame, where: string, allowed: string[]): Promise<string[]> {
  return frame.evaluate(
    ({ allowed, where }) => {
      const texts: string[] = [document.title];
      // What a reader meets: the visible text, and the names of controls, fields and pictures.
      texts.push(document.body.innerText);
      for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
        // What screen readers skip is read by nobody.
        if (el.closest('[aria-hidden=true]')) continue;
        for (const attribute of ['aria-label', 'placeholder', 'title', 'alt'])
          texts.push(el.getAttribute(attribute) ?? '');
      }
      let text = texts.join('\n');
      // Longest names first, so "GClub Live" goes before "GClub"; each where no Latin letter or digit touches
      // it, so the name "X" does not cut an order code such as D261127KFDZDXVCYD into a word (Lao letters
      // may touch a name: Lao puts no spaces between words).
      for (const name of [...allowed].sort((a, b) => b.length - a.length)) {
        const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        text = text.replace(new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'g'), ' ');
      }
      // Words of two or more Latin letters standing alone: codes and user names mix in digits.
      const words = text.match(/(?<![\p{L}\p{N}_-])[A-Za-z]{2,}(?![\p{L}\p{N}_-])/gu) ?? [];
      return [...new Set(words)].map((word) => `${where}: ${word}`);
    },
    { allowed, where },
  );
}

export async function englishWords(page: Page, where: string, allowed: string[]): Promise<string[]> {
  const words: string[] = [];
  for (const frame of framesOf(page)) words.push(...(await latinWords(frame, where, allowed)));
  return words;
}
