import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { STAFF_ERROR_CODES } from '../../../core/staffOperations';

/**
 * Nothing of the back office in the player site's files (spec §6, issue 44): what the player site sends
 * to anyone who asks (its JavaScript, HTML, styles, texts and service worker) names no staff operation or
 * error code, no back office address and no text of the staff screens. One scan, used by the e2e stage
 * of `npm test` (tests/e2e/playerBuild.spec.ts, after the production build) and by `npm run bench`
 * (bench/run.mts).
 */

/** What would give the back office away, each list read from its source so a new staff screen is covered. */
export interface BackofficeNames {
  /** Every operationId under a Staff tag of openapi.yaml, the sign-in included. */
  operationIds: string[];
  /** The error codes only staff operations answer (core/staffOperations.ts). */
  errorCodes: string[];
  /** The back office's own address, and each staff API path up to its first parameter. */
  paths: string[];
  /**
   * The back office's text keys as its code spells them (`t('withdrawals.approve')`): the dotted paths of
   * src/backoffice/locales/en.json. Not the one-word keys ("cancel", "loading"): such words are in any
   * bundle. Not the keys the player site also has, relative to one of its namespaces ("login.title",
   * "status.OPEN"): the player site says them for itself.
   */
  textKeys: string[];
  /**
   * The back office's English sentences (four words or more, plain ASCII as a bundle keeps them), which
   * catch its texts file bundled whole, where no dotted key would show. English, not Lao: the player site
   * has no English of its own, while the staff screens' Lao shares words and short phrases with the
   * player's texts. Short English ("Sign in", "Close") is in the libraries' own default texts.
   */
  texts: string[];
}

/** The back office's address: its build's publicPath (webpack.config.ts) and the server's route. */
const BACKOFFICE_ADDRESS = '/backoffice';

/** Files a build holds that nobody downloads as such: source maps stay on the server; .br/.gz are copies. */
const NOT_SERVED = /\.(map|br|gz)$/;
/** Files read as text; the rest (fonts, PNG pictures) carry no names. */
const TEXT_FILE = /\.(js|mjs|css|html|json|webmanifest|svg|txt)$/;

type Tree = Record<string, unknown>;

function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === 'object'
      ? leaves(value as Tree, path)
      : [[path, value] as [string, unknown]];
  });
}

/** Every key path of a texts file, inner ones too ("menu" and "menu.dashboard"). */
function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [path, ...(value && typeof value === 'object' ? keyPaths(value as Tree, path) : [])];
  });
}

/** i18next's plural forms: the code asks for "players.count", the file holds "players.count_other". */
const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

export function backofficeNames(root: string): BackofficeNames {
  const contract = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; tags?: string[] }>>;
  };
  const operationIds = new Set<string>();
  const paths = new Set<string>([BACKOFFICE_ADDRESS]);
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const operation of Object.values(item)) {
      if (!operation?.operationId || !operation.tags?.some((tag) => tag.startsWith('Staff'))) continue;
      operationIds.add(operation.operationId);
      paths.add(path.split('{')[0]!.replace(/\/$/, ''));
    }
  }

  const playerKeys = new Set<string>();
  const locales = join(root, 'public/locales/lo');
  for (const file of readdirSync(locales).filter((f) => /^[a-z]+\.json$/.test(f)))
    for (const key of keyPaths(JSON.parse(readFileSync(join(locales, file), 'utf8')) as Tree))
      playerKeys.add(key);

  const texts = leaves(
    JSON.parse(readFileSync(join(root, 'src/backoffice/locales/en.json'), 'utf8')) as Tree,
  );
  const textKeys = new Set(
    texts.map(([key]) => withoutPlural(key)).filter((key) => key.includes('.') && !playerKeys.has(key)),
  );
  const sentences = new Set(
    texts
      .map(([, text]) => text)
      .filter(
        (text): text is string =>
          typeof text === 'string' &&
          /^[ -~]+$/.test(text) &&
          !/["'\\]/.test(text) &&
          text.split(' ').length >= 4,
      ),
  );
  return {
    operationIds: [...operationIds].sort(),
    errorCodes: [...STAFF_ERROR_CODES].sort(),
    paths: [...paths].sort(),
    textKeys: [...textKeys].sort(),
    texts: [...sentences].sort(),
  };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for many names, each matched as a whole word: not inside a longer name. */
function wholeWords(words: string[], inner: string): RegExp {
  if (words.length === 0) return /(?!)/g;
  const longestFirst = [...words].sort((a, b) => b.length - a.length).map(escape);
  return new RegExp(`(?<![${inner}])(?:${longestFirst.join('|')})(?![${inner}])`, 'g');
}

const compiled = new WeakMap<BackofficeNames, { ids: RegExp; keys: RegExp }>();

/** The names a text holds: identifiers and keys as whole words, addresses and sentences as written. */
export function namesIn(text: string, names: BackofficeNames): string[] {
  let patterns = compiled.get(names);
  if (!patterns) {
    patterns = {
      ids: wholeWords([...names.operationIds, ...names.errorCodes], '\\w$'),
      keys: wholeWords(names.textKeys, '\\w$.-'),
    };
    compiled.set(names, patterns);
  }
  const found = new Set<string>();
  for (const pattern of [patterns.ids, patterns.keys])
    for (const match of text.matchAll(pattern)) found.add(match[0]);
  for (const literal of [...names.paths, ...names.texts]) if (text.includes(literal)) found.add(literal);
  return [...found];
}

/** The files a build serves, as paths below `dir`; `skip` names folders of another build inside it. */
export function servedFiles(dir: string, skip: string[] = []): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return skip.includes(relative(dir, path)) ? [] : walk(path);
      return TEXT_FILE.test(entry.name) && !NOT_SERVED.test(entry.name) ? [path] : [];
    });
  return walk(dir);
}

export interface Finding {
  /** Below the build's folder, e.g. "main.3f2a9c1b0d.js" or "sw.js". */
  file: string;
  names: string[];
}

/** Each served file of a build that names something of the back office, with what it names. */
export function scanBuild(dir: string, names: BackofficeNames, skip: string[] = []): Finding[] {
  return servedFiles(dir, skip)
    .map((path) => ({ file: relative(dir, path), names: namesIn(readFileSync(path, 'utf8'), names) }))
    .filter((finding) => finding.names.length > 0);
}

/** The player site's build: dist/ without the back office's own build in dist/backoffice. */
export function scanPlayerBuild(root: string, names = backofficeNames(root)): Finding[] {
  return scanBuild(join(root, 'dist'), names, ['backoffice']);
}
