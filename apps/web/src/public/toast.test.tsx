import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toast, TOAST_HIDE_MS } from './toast';

describe('toast', () => {
  it('hides an error by itself after about six seconds', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(<Toast toast={{ id: 1, message: 'Trip not found' }} onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Trip not found');
    act(() => vi.advanceTimersByTime(TOAST_HIDE_MS - 1));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(TOAST_HIDE_MS).toBe(6_000);
  });

  it('keeps a toast with a retry until it is used or dismissed', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    const retry = vi.fn();
    render(<Toast toast={{ id: 2, message: 'Too many requests', retry }} onDismiss={onDismiss} />);
    act(() => vi.advanceTimersByTime(TOAST_HIDE_MS * 5));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(retry).toHaveBeenCalledTimes(1);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
