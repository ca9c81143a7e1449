// ESLint rule `house/no-import-cycle`: a module never imports, through any chain, a module that imports it back.
// Cycles make load order decide behaviour (a value read before its module has run is undefined) and tie files
// that should split. Type-only imports count too: a type cycle is the same tangle, only not yet a crash.
// Dynamic import() is left out: it runs after both modules have loaded, so it cannot form a load-order cycle.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ALIASES = [
  ['@/', path.join(ROOT, 'src')],
  ['@core/', path.join(ROOT, 'core')],
];
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];
const STATIC_IMPORT =
  /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function resolve(fromFile, specifier) {
  let base;
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) base = path.join(alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return null; // a package: never part of the project's cycles
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Imports of files on disk, read once per lint run. */
const onDisk = new Map();
function importsOnDisk(file) {
  let imports = onDisk.get(file);
  if (!imports) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    imports = [...text.matchAll(STATIC_IMPORT)]
      .map((match) => resolve(file, match[1] ?? match[2]))
      .filter((target) => target !== null);
    onDisk.set(file, imports);
  }
  return imports;
}

/** The chain of files from `start` back to `file`, if there is one. */
function pathBack(start, file, ownImports) {
  const seen = new Set([file]);
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [current, chain] = stack.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    const next = current === file ? ownImports : importsOnDisk(current);
    for (const target of next) {
      if (target === file) return chain;
      if (!seen.has(target)) stack.push([target, [...chain, target]]);
    }
  }
  return null;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'A module never imports, through any chain, a module that imports it back.' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{chain}}. Move what both need into a module of its own, a floor below.',
    },
  },
  create(context) {
    const file = path.resolve(context.filename);
    const sources = [];
    const collect = (node) => {
      if (node.source && typeof node.source.value === 'string') sources.push(node.source);
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      'Program:exit'() {
        const own = sources.map((source) => ({ source, target: resolve(file, source.value) }));
        const ownImports = own.map(({ target }) => target).filter((target) => target !== null);
        for (const { source, target } of own) {
          if (target === null) continue;
          const chain = target === file ? [] : pathBack(target, file, ownImports);
          if (chain === null) continue;
          const names = [file, ...chain, file].map((name) => path.relative(ROOT, name));
          context.report({ node: source, messageId: 'cycle', data: { chain: names.join(' -> ') } });
        }
      },
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
