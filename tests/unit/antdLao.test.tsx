import { act, screen, within } from '@testing-library/react';
import enUS from 'antd/es/locale/en_US';
import type { Order } from '@/api';
import { antdLao } from '@/i18n/antdLao';
import { setLanguage } from '@/i18n/localeSlice';
import { testPlayer } from './msw/fakeState';
import { testOrder } from './msw/moneyHandlers';
import { renderApp } from './renderApp';

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

/** Every leaf of a locale object as [path, value]: strings, booleans, and array items. */
function leaves(value: unknown, path = ''): Array<[string, unknown]> {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

function deposits(count: number): Order[] {
  return Array.from({ length: count }, (_, i) =>
    testOrder({
      code: `D26112200${String(i + 10).padStart(2, '0')}ABCD`,
      createdAt: new Date(Date.UTC(2026, 10, 22, 7, i)).toISOString(),
    }),
  );
}

describe("the site's Lao locale for antd", () => {
  it("has every key of antd's English locale, with a value of the same kind", () => {
    const lao = new Map(leaves(antdLao));
    const missing = leaves(enUS)
      .filter(([path, english]) => typeof lao.get(path) !== typeof english)
      .map(([path]) => path);
    expect(missing).toEqual([]);
  });

  it('writes in Lao wherever English has words, and never in Thai', () => {
    // Format codes (YYYY, D, A) and antd's ${placeholders} are not words.
    const words = (text: string) => /[a-z]{2,}/.test(text.replace(/\$\{\w+\}/g, ''));
    const lao = new Map(leaves(antdLao));
    const english = leaves(enUS).filter(
      ([path, text]) =>
        path !== 'locale' && !path.endsWith('.locale') && typeof text === 'string' && words(text),
    );
    expect(english.length).toBeGreaterThan(100);
    expect(english.filter(([path]) => !LAO.test(String(lao.get(path)))).map(([path]) => path)).toEqual([]);
    expect(leaves(antdLao).filter(([, text]) => THAI.test(String(text)))).toEqual([]);
  });

  it('shows Lao pagination on the deposit history, and Thai once the player picks Thai', async () => {
    const { store } = renderApp('/player/deposit/history', {
      state: { player: testPlayer, deposits: deposits(12) },
    });
    const table = await screen.findByRole('table');
    await within(table).findByText('D2611220021ABCD');
    expect(screen.getByTitle('ໜ້າກ່ອນ')).toBeInTheDocument();
    expect(screen.getByTitle('ໜ້າຕໍ່ໄປ')).toBeInTheDocument();
    expect(screen.getByText('10 / ໜ້າ')).toBeInTheDocument();
    // Before the site had its own Lao locale, antd's Thai one wrote "หน้า" here.
    expect(document.body.textContent).not.toMatch(THAI);
    expect(document.body.innerHTML).not.toMatch(THAI);

    act(() => {
      store.dispatch(setLanguage('th'));
    });
    expect(await screen.findByTitle('หน้าถัดไป')).toBeInTheDocument();
    expect(screen.getByText('10 / หน้า')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'ประวัติการฝาก' })).toBeInTheDocument();
  });

  it("shows Lao pagination under a phone's order cards too", async () => {
    renderApp('/player/deposit/history', {
      state: { player: testPlayer, deposits: deposits(3) },
      width: 390,
    });
    expect(await screen.findByText('D2611220012ABCD')).toBeInTheDocument();
    expect(screen.getByTitle('ໜ້າກ່ອນ')).toBeInTheDocument();
    expect(screen.getByText('10 / ໜ້າ')).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(THAI);
  });
});
