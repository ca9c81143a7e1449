import { act, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../renderApp';

describe('agency info', () => {
  it('shows the full-screen cannot-log-in page when the agency is not found (404)', async () => {
    renderApp('/login', { state: { agency: null } });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'ບໍ່ສາມາດເຂົ້າສູ່ລະບົບໄດ້ໃນຂະນະນີ້, ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ (Support).',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('ຂໍອະໄພໃນຄວາມບໍ່ສະດວກ.')).toBeInTheDocument();
    expect(document.querySelector('img[src="/images/cannot-login.svg"]')).not.toBeNull();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows the cannot-log-in message in Lao whatever the language, the apology in the player’s', async () => {
    localStorage.setItem('i18nextLng', 'cn');
    renderApp('/login', { state: { agency: null } });
    const message = await screen.findByRole('heading', {
      level: 1,
      name: 'ບໍ່ສາມາດເຂົ້າສູ່ລະບົບໄດ້ໃນຂະນະນີ້, ກະລຸນາຕິດຕໍ່ຝ່າຍບໍລິການ (Support).',
    });
    expect(message).toHaveAttribute('lang', 'lo');
    expect(screen.getByText('给您带来不便，敬请谅解。')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-Hans');
  });

  it('asks for agency info once, without retrying a server failure', async () => {
    const { state } = renderApp('/', {
      state: { failNext: { getAgencyInfo: { status: 503, code: 'INTERNAL_ERROR' } } },
    });
    await screen.findByRole('heading', { level: 1 });
    // A while for a retry to have been made, were there one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(state.requests.filter((r) => r === 'GET /v2/agency/info')).toHaveLength(1);
  });

  it('retries other reads after a server failure', async () => {
    const { state } = renderApp('/', {
      state: { failNext: { getPlayerInfo: { status: 503, code: 'INTERNAL_ERROR' } } },
    });
    await waitFor(() => expect(state.requests.filter((r) => r === 'GET /v2/players/info')).toHaveLength(2));
  });

  it('names the page after the route and the agency', async () => {
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('ເຂົ້າສູ່ລະບົບ | Lao Star'));
  });
});
