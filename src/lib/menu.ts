/** A drawer menu entry (docs/player-site.md §3): label is an i18n key; the link may carry a query string. */
export interface MenuEntry {
  icon: string;
  textKey: string;
  link: string;
  children?: MenuEntry[];
}

function linkPath(link: string): string {
  return link.split('?')[0] ?? link;
}

/** Active when the path equals the entry's link without its query, or any child's link (docs/player-site.md §2). */
export function isMenuEntryActive(pathname: string, entry: MenuEntry): boolean {
  if (pathname === linkPath(entry.link)) return true;
  return (entry.children ?? []).some((child) => pathname === linkPath(child.link));
}
