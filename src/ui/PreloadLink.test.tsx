import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PRELOAD_DELAY_MS, PreloadLink } from './PreloadLink';
import { registerPreloader } from '@/lib/preload';

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

  it('preloads the page 50 ms after hover or focus', () => {
    const { preload, link } = renderLink();
    fireEvent.mouseEnter(link);
    act(() => jest.advanceTimersByTime(PRELOAD_DELAY_MS - 1));
    expect(preload).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(preload).toHaveBeenCalledWith('/player/deposit?x=1');

    fireEvent.focus(link);
    act(() => jest.advanceTimersByTime(PRELOAD_DELAY_MS));
    expect(preload).toHaveBeenCalledTimes(2);
  });

  it('does not preload when the pointer only passes over', () => {
    const { preload, link } = renderLink();
    fireEvent.mouseEnter(link);
    fireEvent.mouseLeave(link);
    act(() => jest.advanceTimersByTime(PRELOAD_DELAY_MS * 2));
    expect(preload).not.toHaveBeenCalled();
  });
});
