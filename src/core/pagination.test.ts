import { describe, expect, it } from 'vitest';
import { pageCount, paginationItems } from './pagination';

describe('paginationItems', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(2, 3)).toEqual([1, 2, 3]);
    for (const current of [1, 4, 7]) expect(paginationItems(current, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('has nothing to show without pages', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, -2)).toEqual([]);
    expect(paginationItems(1, Number.NaN)).toEqual([]);
  });

  it('shows first, last and the neighbours of the current page with ellipses beyond 7 pages (8 pages)', () => {
    expect(paginationItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
    expect(paginationItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
    expect(paginationItems(5, 8)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8]);
    expect(paginationItems(8, 8)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8]);
  });

  it('puts the current page between two ellipses in the middle', () => {
    expect(paginationItems(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(paginationItems(5, 9)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 9]);
  });

  it('keeps the current page and its neighbours visible at the start and at the end', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationItems(17, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });

  it('never lets an ellipsis stand for a single page, and always has 7 items beyond 7 pages', () => {
    for (let total = 8; total <= 15; total++) {
      for (let current = 1; current <= total; current++) {
        const items = paginationItems(current, total);
        expect(items).toHaveLength(7);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
        expect(items).toContain(current);
        if (current > 1) expect(items).toContain(current - 1);
        if (current < total) expect(items).toContain(current + 1);
        items.forEach((item, index) => {
          if (item !== 'ellipsis') return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before, `${current}/${total}`).toBeGreaterThan(2);
        });
      }
    }
  });

  it('clamps an out-of-range current page', () => {
    expect(paginationItems(0, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(paginationItems(99, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });
});

describe('pageCount', () => {
  it('rounds up to whole pages', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(75, 10)).toBe(8);
  });

  it('is 0 for nonsense input', () => {
    expect(pageCount(5, 0)).toBe(0);
    expect(pageCount(Number.NaN, 10)).toBe(0);
  });
});
