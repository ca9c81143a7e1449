import { screen, within } from '@testing-library/react';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

describe('breakpoints', () => {
  it('shows the bottom bar at 576 px and below', async () => {
    renderApp('/player/bank', { width: 576, state: { player: testPlayer } });
    const bar = await screen.findByRole('navigation', { name: 'ເມນູດ່ວນ' });
    expect(within(bar).getByRole('link', { name: 'ຝາກ' })).toHaveAttribute('href', '/player/deposit');
    expect(within(bar).getByRole('link', { name: 'ຖອນ' })).toHaveAttribute('href', '/player/withdraw');
    expect(within(bar).getByRole('link', { name: 'ຫຼິ້ນເກມ' })).toHaveAttribute('href', '/player/game/alphabet');
    expect(within(bar).getByRole('link', { name: 'ທະນາຄານ' })).toHaveAttribute('href', '/player/bank');
    // Small screens: no Deposit button in the top bar.
    expect(
      within(screen.getByRole('banner')).queryByRole('link', { name: 'ຝາກເງິນ' }),
    ).not.toBeInTheDocument();
  });

  it('opens the contact drawer from the bottom bar, with the five social links', async () => {
    const { user } = renderApp('/', { width: 390 });
    const bar = await screen.findByRole('navigation', { name: 'ເມນູດ່ວນ' });
    await user.click(within(bar).getByRole('button', { name: 'ຕິດຕໍ່' }));
    const list = await screen.findByRole('list', { name: 'ຕິດຕໍ່ພວກເຮົາ' });
    // The addresses come with the agency's answer, which may land after the drawer has opened.
    expect(await within(list).findByRole('link', { name: 'Line' })).toHaveAttribute(
      'href',
      'https://line.me/ti/p/laostar',
    );
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['WhatsApp', 'Line', 'Facebook', 'Telegram', 'Twitter']);
    expect(screen.getByRole('button', { name: 'ປິດ' })).toHaveClass('visually-hidden-focusable');
  });

  it("keeps a player's bar on a 320 px phone to the menu, logo, credit and player menu", async () => {
    const { user } = renderApp('/player/bank', { width: 320, state: { player: testPlayer } });
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('button', { name: /somchai_88/ })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /ເລືອກພາສາ/ })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /ຕິດຕໍ່ພວກເຮົາ/ })).not.toBeInTheDocument();
    // Languages are in the drawer, Contact in the bottom bar.
    expect(
      within(screen.getByRole('navigation', { name: 'ເມນູດ່ວນ' })).getByRole('button', { name: 'ຕິດຕໍ່' }),
    ).toBeVisible();
    await user.click(within(banner).getByRole('button', { name: 'ເປີດເມນູ' }));
    expect(await screen.findByRole('button', { name: '中文' })).toBeInTheDocument();
  });

  it('hides the bottom bar above 576 px and shows the Deposit button', async () => {
    renderApp('/player/bank', { width: 577, state: { player: testPlayer } });
    expect(
      await within(await screen.findByRole('banner')).findByRole('link', { name: 'ຝາກເງິນ' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'ເມນູດ່ວນ' })).not.toBeInTheDocument();
  });

  it('hides the Register button on small screens', async () => {
    renderApp('/login', { width: 390 });
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'ສະໝັກສະມາຊິກ' })).not.toBeInTheDocument();
  });

  it('lays the footer out for desktop from 769 px', async () => {
    renderApp('/', { width: 769 });
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveAttribute('data-layout', 'desktop');
    expect(within(footer).getByRole('heading', { name: 'ເກມ' })).toBeInTheDocument();
    expect(within(footer).getAllByRole('link')).toHaveLength(14 + 4 + 4);
    // The promotion column names the site's own four providers, as the rest of the site names them.
    const promotion = within(footer).getByRole('heading', { name: 'ໂປຣໂມຊັນ' }).parentElement!;
    expect(
      within(promotion)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Alphabet', 'AskMeBet', 'GClub', 'GClub Live']);
    expect(within(footer).getByRole('list', { name: 'ທະນາຄານທີ່ຮອງຮັບ' }).children).toHaveLength(6);
  });

  it('lays the footer out for phones up to 768 px', async () => {
    renderApp('/', { width: 768 });
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveAttribute('data-layout', 'mobile');
    expect(within(footer).queryByRole('heading', { name: 'ເກມ' })).not.toBeInTheDocument();
    expect(within(footer).getByText('ເກມ').tagName).toBe('SUMMARY');
  });
});
