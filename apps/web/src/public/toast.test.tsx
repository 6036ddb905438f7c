import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toast } from './toast';

const MESSAGE = 'No trip has this tracking link. Check the link you were sent.';

describe('toast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the reason the page shows what it shows until it is dismissed', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(<Toast toast={{ id: 1, message: MESSAGE }} onDismiss={onDismiss} />);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(onDismiss).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGE);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
