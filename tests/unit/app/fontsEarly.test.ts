import { loadFontsEarly } from '@/i18n/fonts';

describe('the fonts of the language a page starts in', () => {
  const load = jest.fn(() => Promise.resolve([]));
  beforeEach(() => {
    load.mockClear();
    Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
  });
  afterEach(() => {
    delete (document as { fonts?: unknown }).fonts;
  });

  it("are asked for through the document's font set, with no preload the browser could report unused", () => {
    loadFontsEarly('th');
    expect(load.mock.calls).toEqual([
      ['400 1em "Noto Sans Thai"', 'ก'],
      ['700 1em "Noto Sans Thai"', 'ก'],
    ]);
    expect(document.head.querySelectorAll('link[rel="preload"][as="font"]')).toHaveLength(0);
  });

  it('are the system fonts for Chinese and Vietnamese: nothing is asked for', () => {
    loadFontsEarly('cn');
    loadFontsEarly('vn');
    expect(load).not.toHaveBeenCalled();
  });
});
