/** jsdom has no layout: matchMedia answers min-width / max-width queries against this width. */
let viewportWidth = 1280;

function matches(query: string): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*(\d+)px\)/g)];
  return conditions.every(([, kind, px]) =>
    kind === 'min' ? viewportWidth >= Number(px) : viewportWidth <= Number(px),
  );
}

export function setViewportWidth(width: number): void {
  viewportWidth = width;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.matchMedia = (query: string) =>
    ({
      media: query,
      matches: matches(query),
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
