import { isMenuEntryActive, type MenuEntry } from './menu';

const askmebet: MenuEntry = { icon: 'askmebet', textKey: 'k', link: '/player/game/askmebet?tab=Slot' };
const history: MenuEntry = {
  icon: 'history',
  textKey: 'k',
  link: '/player/deposit/history',
  children: [
    { icon: 'deposit', textKey: 'k', link: '/player/deposit/history' },
    { icon: 'withdraw', textKey: 'k', link: '/player/withdraw/history' },
  ],
};

describe('isMenuEntryActive', () => {
  it('compares the path with the link without its query string', () => {
    expect(isMenuEntryActive('/player/game/askmebet', askmebet)).toBe(true);
    expect(isMenuEntryActive('/player/game/gclub', askmebet)).toBe(false);
  });

  it("is active on any child's link", () => {
    expect(isMenuEntryActive('/player/withdraw/history', history)).toBe(true);
    expect(isMenuEntryActive('/player/withdraw', history)).toBe(false);
  });
});
