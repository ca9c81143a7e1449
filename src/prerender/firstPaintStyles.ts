// Server side only (scripts/prerender.mjs and the per-request renderer): nothing here runs in the browser.
import postcss from 'postcss';

const STYLE_ELEMENT = /<style([^>]*)>([\s\S]*?)<\/style>/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
/** A functional pseudo-class with no parenthesis inside: `:not(.ant-btn-disabled)`, `:where(.css-x)`. */
const INNERMOST_PSEUDO = /:[\w-]+\([^()]*\)/g;
const ATTRIBUTE_SELECTOR = /\[[^\]]*\]/g;
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

/** Every class name the markup uses. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of value!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/**
 * The classes an element must have for the selector to match it. Classes inside `:not()`, `:is()`,
 * `:where()` and the like are left out: they may be negated or alternatives, and keeping a rule too many
 * is harmless while dropping one would show a page unstyled. Attribute values are not classes either.
 */
function requiredClasses(selector: string): string[] {
  let plain = selector.replace(ATTRIBUTE_SELECTOR, '');
  for (
    let inner = plain.replace(INNERMOST_PSEUDO, '');
    inner !== plain;
    inner = plain.replace(INNERMOST_PSEUDO, '')
  ) {
    plain = inner;
  }
  return [...plain.matchAll(CLASS_NAME)].map((match) => match[1]!);
}

/** The stylesheet without the rules no element of the markup can match. */
export function pruneUnusedRules(css: string, used: ReadonlySet<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    // Keyframe steps (from, 50%) are not selectors.
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) =>
      requiredClasses(selector).every((name) => used.has(name)),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}

/**
 * antd's styles as a server-rendered page inlines them, cut to what its markup uses. antd writes each
 * component's whole stylesheet (its grid alone is 87 KB: every column width and offset at every
 * breakpoint); a phone parses all of it before its first paint. The full stylesheet comes with antd's
 * code, before the page is hydrated, so whatever the page draws later is styled.
 */
export function firstPaintStyles(styleElements: string, html: string): string {
  const used = classesIn(html);
  return styleElements.replace(STYLE_ELEMENT, (_, attributes: string, css: string) => {
    const pruned = pruneUnusedRules(css, used);
    return pruned.trim() ? `<style${attributes}>${pruned}</style>` : '';
  });
}
