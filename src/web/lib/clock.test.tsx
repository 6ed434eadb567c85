import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawnAtProvider, useNow } from './clock';

function Now() {
  return <p>{useNow(60_000)}</p>;
}

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('first reads the instant the page was drawn at, as the server did, then the browser’s clock', () => {
    const drawnAt = Date.parse('2026-11-29T09:59:58Z');
    render(
      <DrawnAtProvider value={drawnAt}>
        <Now />
      </DrawnAtProvider>,
    );
    expect(screen.getByText(String(drawnAt))).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(String(Date.parse('2026-11-29T10:00:00Z')))).toBeTruthy();
  });

  it('reads the browser’s clock on a page the browser drew, and every interval after', () => {
    render(<Now />);
    const start = Date.now();
    expect(screen.getByText(String(start))).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText(String(start + 60_000))).toBeTruthy();
  });
});
