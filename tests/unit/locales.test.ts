import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { STAFF_ERROR_CODES } from '@core/staffOperations';
import { ERROR_CODES } from '@/api';
import { LANGUAGES } from '@/i18n/languages';

const root = join(__dirname, '../../public/locales');
type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string | Tree]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

/** The sorted names of a text's {{placeholders}}: a translation that drops one would show less. */
function placeholders(text: unknown): string {
  return [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((match) => match[1])
    .sort()
    .join(',');
}

function load(language: string, file: string): Tree {
  return JSON.parse(readFileSync(join(root, language, file), 'utf8')) as Tree;
}

const namespaces = readdirSync(join(root, 'lo')).filter((file) => file.endsWith('.json'));
// Every language folder the server serves, so a new language is checked as soon as its folder exists.
const languages = readdirSync(root);
const others = languages.filter((language) => language !== 'lo');

describe('translations', () => {
  it('has a folder for every interface language and no other', () => {
    expect([...languages].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(namespaces)('%s: every Lao key has a non-empty text in every other language', (file) => {
    const lo = leaves(load('lo', file));
    for (const language of others) {
      const other = new Map(leaves(load(language, file)));
      const missing = lo.filter(
        ([key]) => typeof other.get(key) !== 'string' || !String(other.get(key)).trim(),
      );
      expect({ language, missing: missing.map(([key]) => key) }).toEqual({ language, missing: [] });
    }
    expect(lo.filter(([, text]) => !String(text).trim()).map(([key]) => key)).toEqual([]);
  });

  it.each(namespaces)('%s: every language fills in the same {{values}} as the Lao text', (file) => {
    const lo = leaves(load('lo', file));
    for (const language of others) {
      const other = new Map(leaves(load(language, file)));
      const differing = lo
        .filter(([key, text]) => placeholders(text) !== placeholders(other.get(key)))
        .map(([key]) => key);
      expect({ language, differing }).toEqual({ language, differing: [] });
    }
  });

  // The back office's own codes are its texts' (src/backoffice/locales): the player site names none.
  it("has a message for every player-side ErrorCode of the contract in every language, none of the back office's", () => {
    const spec = parse(readFileSync(join(__dirname, '../../openapi.yaml'), 'utf8')) as {
      components: { schemas: { ErrorCode: { enum: string[] } } };
    };
    const staff = new Set<string>(STAFF_ERROR_CODES);
    const player = spec.components.schemas.ErrorCode.enum.filter((code) => !staff.has(code));
    expect([...ERROR_CODES].sort()).toEqual([...player].sort());
    for (const language of languages) {
      const errors = load(language, 'errors.json');
      const missing = player.filter((code) => typeof errors[code] !== 'string');
      const staffTexts = STAFF_ERROR_CODES.filter((code) => code in errors);
      expect({ language, missing, staffTexts }).toEqual({ language, missing: [], staffTexts: [] });
    }
  });
});
