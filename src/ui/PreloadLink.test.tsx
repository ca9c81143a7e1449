import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PreloadLink } from './PreloadLink';
import { registerPreloader } from '@/lib/preload';

// docs/player-site.md §9: preload delay 50 ms. The times are written out, not read from the component, so
// a changed delay fails here.
describe('PreloadLink', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    registerPreloader(() => {});
  });

  function renderLink() {
    const preload = jest.fn();
    registerPreloader(preload);
    render(
      <MemoryRouter>
        <PreloadLink to="/player/deposit?x=1">Deposit</PreloadLink>
      </MemoryRouter>,
    );
    return { preload, link: screen.getByRole('link', { name: 'Deposit' }) };
  }

  it('preloads the page 50 ms after hover or focus, not before', () => {
    const { preload, link } = renderLink();
    fireEvent.mouseEnter(link);
    act(() => jest.advanceTimersByTime(49));
    expect(preload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledWith('/player/deposit?x=1');

    fireEvent.focus(link);
    act(() => jest.advanceTimersByTime(49));
    expect(preload).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(1));
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it('does not preload when the pointer leaves within the 50 ms', () => {
    const { preload, link } = renderLink();
    fireEvent.mouseEnter(link);
    act(() => jest.advanceTimersByTime(49));
    fireEvent.mouseLeave(link);
    act(() => jest.advanceTimersByTime(1000));
    expect(preload).not.toHaveBeenCalled();
  });
});
