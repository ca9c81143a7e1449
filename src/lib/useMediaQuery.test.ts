import { FOOTER_DESKTOP_QUERY, MOBILE_BAR_QUERY, matchesWidth } from './useMediaQuery';

describe('width queries without a window (pages rendered at build time)', () => {
  it('match a phone against the mobile bar query and not the desktop footer query', () => {
    expect(matchesWidth(MOBILE_BAR_QUERY, 390)).toBe(true);
    expect(matchesWidth(FOOTER_DESKTOP_QUERY, 390)).toBe(false);
  });

  it('follow the breakpoints at their edges', () => {
    expect(matchesWidth(MOBILE_BAR_QUERY, 576)).toBe(true);
    expect(matchesWidth(MOBILE_BAR_QUERY, 577)).toBe(false);
    expect(matchesWidth(FOOTER_DESKTOP_QUERY, 768)).toBe(false);
    expect(matchesWidth(FOOTER_DESKTOP_QUERY, 769)).toBe(true);
  });
});
