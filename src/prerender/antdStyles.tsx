// Build-time extraction of antd's styles (scripts/extractAntdStyles.mjs): nothing here runs in the browser.
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import postcss, { AtRule, type ChildNode, type Node } from 'postcss';
import { theme } from '@/ui/theme';
import { ANTD_COMPONENTS, ANTD_STYLE_GROUPS } from './antdComponents';

function sheetFor(components: readonly string[]): string {
  return extractStyle({
    includes: [...components],
    customTheme: (node) => <ConfigProvider theme={{ ...theme, zeroRuntime: false }}>{node}</ConfigProvider>,
  });
}

/** A rule with the at-rules around it, as text: the same rule in two sheets reads the same. */
function ruleKey(node: ChildNode): string {
  let key = node.toString();
  let parent: Node | undefined = node.parent;
  while (parent instanceof AtRule) {
    key = `@${parent.name} ${parent.params}{${key}}`;
    parent = parent.parent;
  }
  return key;
}

/** Every rule of a sheet, as ruleKey writes it. */
function rulesOf(css: string): Set<string> {
  const keys = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    keys.add(ruleKey(rule));
  });
  return keys;
}

/** The sheet without the rules another sheet has already (the theme's variables, shared motions). */
function without(css: string, known: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (known.has(ruleKey(rule))) rule.remove();
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

/**
 * antd's styles for the site's components, in the site's theme: `antd` for most of them, and one sheet per
 * group of ANTD_STYLE_GROUPS with only the rules `antd` lacks. The production build sets antd's
 * zeroRuntime (ui/theme.ts) and loads these files with the code instead: no style is generated on a
 * phone's main thread while a page renders.
 */
export function antdStyleSheets(): Record<string, string> {
  const grouped = new Set(Object.values(ANTD_STYLE_GROUPS).flat());
  const base = sheetFor(ANTD_COMPONENTS.filter((name) => !grouped.has(name)));
  const inBase = rulesOf(base);
  const sheets: Record<string, string> = { antd: base };
  for (const [group, components] of Object.entries(ANTD_STYLE_GROUPS)) {
    sheets[`antd-${group}`] = without(sheetFor(components), inBase);
  }
  return sheets;
}
