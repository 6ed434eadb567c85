import { describe, expect, it } from 'vitest';
import { percentUsed } from './figures';

describe('percentUsed', () => {
  it('rounds to the nearest whole percentage (81.7 % reads 82 %)', () => {
    expect(percentUsed(817, 1000)).toBe(82);
    expect(percentUsed(812, 1000)).toBe(81);
    expect(percentUsed(245, 300)).toBe(82);
  });

  it('never reads as a threshold the usage has not reached', () => {
    expect(percentUsed(799, 1000)).toBe(79);
    expect(percentUsed(899, 1000)).toBe(89);
    expect(percentUsed(996, 1000)).toBe(99);
    expect(percentUsed(800, 1000)).toBe(80);
    expect(percentUsed(1000, 1000)).toBe(100);
  });

  it('copes with no quota and more than the quota', () => {
    expect(percentUsed(0, 0)).toBe(0);
    expect(percentUsed(3, 0)).toBe(100);
    expect(percentUsed(400, 300)).toBe(133);
  });
});
