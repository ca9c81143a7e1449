import { screen, waitFor } from '@testing-library/react';
import { RELOAD_FLAG_KEY } from '@/app/lazyPage';
import { browser } from '@/lib/browser';
import { renderApp } from '../renderApp';

// The login page's code cannot be loaded, as after a deploy removed its chunk.
jest.mock('@/features/auth/LoginPage', () => {
  throw new Error('Loading chunk 123 failed');
});

describe('a page module that fails to load', () => {
  it('reloads the page once, guarded by a session flag', async () => {
    renderApp('/login');
    await waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOAD_FLAG_KEY)).toBe('1');
  });

  it("then shows 'Something went wrong!' with a toggle for the error text", async () => {
    sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    const { user } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'ມີບາງຢ່າງຜິດພາດ!' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong!')).toBeInTheDocument();
    expect(browser.reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'ສະແດງລາຍລະອຽດຂໍ້ຜິດພາດ' }));
    expect(screen.getByText(/Loading chunk 123 failed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ເຊື່ອງລາຍລະອຽດຂໍ້ຜິດພາດ' }));
    expect(screen.queryByText(/Loading chunk 123 failed/)).not.toBeInTheDocument();
  });
});
