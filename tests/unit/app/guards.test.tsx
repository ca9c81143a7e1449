import { screen, waitFor } from '@testing-library/react';
import { testPlayer } from '../msw/fakeState';
import { renderApp } from '../renderApp';

describe('public routes and the /player guard', () => {
  it('shows the home page to a visitor', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /ຍິນດີຕ້ອນຮັບສູ່ Lao Star/ })).toBeInTheDocument();
  });
});
