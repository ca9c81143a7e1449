import { readFileSync } from 'node:fs';

/**
 * `antd` for Jest: each export loads its component's module on first use. antd's CommonJS index requires
 * all of its seventy components up front (about 0.9 s in every test file); webpack's tree shaking spares
 * the app that, and here a page's test loads only the components the page renders. The list of exports
 * and where each lives is read from antd's own index, so it follows antd's updates.
 */
const index = readFileSync(require.resolve('antd/lib/index.js'), 'utf8');
const modules = new Map(
  [...index.matchAll(/var (_\w+) = (?:_interopRequireDefault\()?require\("\.\/([\w/-]+)"\)/g)].map(
    ([, variable, path]) => [variable!, path!],
  ),
);
const exported = [
  ...index.matchAll(
    /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.(\w+);/g,
  ),
];
if (exported.length < 60)
  throw new Error(`antdOnDemand: antd's index has a new shape (${exported.length} exports read)`);

function load(path: string): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`antd/lib/${path}`) as Record<string, unknown>;
}

for (const [, name, variable, member] of exported) {
  const path = modules.get(variable!);
  if (!path) throw new Error(`antdOnDemand: no module for antd's ${name}`);
  Object.defineProperty(exports, name!, { enumerable: true, get: () => load(path)[member!] });
}
Object.defineProperty(exports, '__esModule', { value: true });
