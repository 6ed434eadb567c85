import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { spaced } from './fixtures';
import { QuotaBar } from './QuotaBar';

const label = 'E-mails envoyés sur la période d’envoi';

describe('the quota bar', () => {
  it.each([
    [2370, 'normal', 'bg-brand-600', '79 %'],
    [2400, 'yellow', 'bg-amber-400', '80 %'],
    [2670, 'yellow', 'bg-amber-400', '89 %'],
    [2700, 'red', 'bg-red-600', '90 %'],
    [3200, 'red', 'bg-red-600', '107 %'],
  ])('at %i of 3 000 is %s', (used, level, fill, percent) => {
    render(<QuotaBar used={used} quota={3000} label={label} />);
    const meter = screen.getByRole('meter', { name: label });
    expect(meter.getAttribute('data-level')).toBe(level);
    expect((meter.firstElementChild as HTMLElement).className).toContain(fill);
    expect(meter.getAttribute('aria-valuemax')).toBe('3000');
    expect(meter.getAttribute('aria-valuenow')).toBe(String(Math.min(used, 3000)));
    // The figures are written out: the colour is never the only signal.
    expect(screen.getByText(spaced(`${used.toLocaleString('fr-FR')} / 3 000 e-mails`))).toBeTruthy();
    expect(screen.getByText(spaced(`${percent} du quota utilisé`))).toBeTruthy();
  });

  it('rounds down: 299 of 300 is 99 %, not 100 %', () => {
    render(<QuotaBar used={299} quota={300} label={label} />);
    expect(screen.getByText(spaced('99 % du quota utilisé'))).toBeTruthy();
    expect((screen.getByRole('meter').firstElementChild as HTMLElement).style.width).toBe('99%');
  });

  it("shows 'E-mails illimités' and the sends for an unlimited plan, without a bar", () => {
    render(<QuotaBar used={4210} quota={null} label={label} />);
    expect(screen.getByText('E-mails illimités')).toBeTruthy();
    expect(screen.getByText(spaced('4 210 e-mails envoyés'))).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
  });
});
