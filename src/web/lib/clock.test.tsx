import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawnAtProvider, useNow, useYear, yearIn } from './clock';

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

function Year() {
  return <p>© {useYear()}</p>;
}

describe('useYear', () => {
  afterEach(() => vi.useRealTimers());

  it('is the year in Paris: New Year’s Eve at 23:30 UTC is already the next year there', () => {
    expect(yearIn(Date.parse('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(yearIn(Date.parse('2026-12-31T22:30:00Z'))).toBe(2026);
  });

  it('reads the browser’s clock, or the instant the server drew the page at so the hydrated text is the server’s', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2027-01-01T00:00:05Z'));
    const { unmount } = render(<Year />);
    expect(screen.getByText('© 2027')).toBeTruthy();
    unmount();
    render(
      <DrawnAtProvider value={Date.parse('2026-12-31T22:59:58Z')}>
        <Year />
      </DrawnAtProvider>,
    );
    expect(screen.getByText('© 2026')).toBeTruthy();
  });
});
