import { screen, within } from '@testing-library/react';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

const PHONE = 390;

async function openDrawer(path: string, player: boolean) {
  const app = renderApp(path, { ...(player ? { state: { player: testPlayer } } : {}), width: PHONE });
  await screen.findByRole('heading', { level: 1 });
  await app.user.click(screen.getByRole('button', { name: 'ເປີດເມນູ' }));
  await screen.findByRole('navigation', { name: 'ເມນູຫຼັກ' });
  return app;
}

const fontPreloads = () => document.head.querySelectorAll('link[rel="preload"][as="font"]');

describe("the drawer's language choice", () => {
  beforeEach(() => {
    fontPreloads().forEach((link) => link.remove());
  });

  it('lists Lao and Thai first, then Chinese and Vietnamese, each named in itself, Lao pressed', async () => {
    await openDrawer('/login', false);
    const choice = screen.getByRole('group', { name: 'ພາສາ' });
    const buttons = within(choice).getAllByRole('button');
    expect(buttons.map((button) => [button.textContent, button.getAttribute('lang')])).toEqual([
      ['ລາວ', 'lo'],
      ['ไทย', 'th'],
      ['中文', 'zh-Hans'],
      ['Tiếng Việt', 'vi'],
    ]);
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
  });

  it('switches a visitor to Thai: texts, <html lang>, the stored choice; kept after a reload', async () => {
    const first = await openDrawer('/login', false);
    await first.user.click(screen.getByRole('button', { name: 'ไทย' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeInTheDocument();
    // The drawer stays open, now in Thai, with Thai pressed.
    const choice = screen.getByRole('group', { name: 'ภาษา' });
    expect(within(choice).getByRole('button', { name: 'ไทย' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(choice).getByRole('button', { name: 'ລາວ' })).toHaveAttribute('aria-pressed', 'false');
    const menu = screen.getByRole('navigation', { name: 'เมนูหลัก' });
    expect(within(menu).getByRole('link', { name: 'สมัครสมาชิก' })).toHaveAttribute('href', '/register');
    expect(document.documentElement.lang).toBe('th');
    expect(localStorage.getItem('i18nextLng')).toBe('th');
    first.unmount();

    renderApp('/login', { width: PHONE });
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeInTheDocument();
  });

  it("switches a player's menu to Thai and back to Lao", async () => {
    const { user } = await openDrawer('/player/bank', true);
    await user.click(screen.getByRole('button', { name: 'ไทย' }));
    const menu = await screen.findByRole('navigation', { name: 'เมนูหลัก' });
    expect(within(menu).getByRole('link', { name: 'ฝากเงิน' })).toHaveAttribute('href', '/player/deposit');
    expect(screen.getByRole('heading', { level: 1, name: 'บัญชีธนาคาร' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'ລາວ' }));
    expect(await screen.findByRole('navigation', { name: 'ເມນູຫຼັກ' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('lo');
  });

  it('preloads the Thai font when Thai is chosen, and no font for Chinese (system fonts)', async () => {
    const { user } = await openDrawer('/login', false);
    await user.click(screen.getByRole('button', { name: '中文' }));
    expect(await screen.findByRole('heading', { level: 1, name: '登录' })).toBeInTheDocument();
    expect(fontPreloads()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeInTheDocument();
    expect(fontPreloads().length).toBeGreaterThan(0);
    fontPreloads().forEach((link) => {
      expect(link).toHaveAttribute('type', 'font/woff2');
      expect(link).toHaveAttribute('crossorigin', 'anonymous');
    });
  });
});
