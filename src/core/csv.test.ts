import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it('quotes what needs it and never lets a cell become a formula', () => {
    expect(csvCell('Très bien\u202f; merci')).toBe('"Très bien\u202f; merci"');
    expect(csvCell('Il a dit "super"\nVraiment')).toBe('"Il a dit ""super""\nVraiment"');
    for (const formula of ['=HYPERLINK("http://x")', '+33 6', '-1', '@SUM(A1)']) expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell(5)).toBe('5');
    expect(csvCell(null)).toBe('');
  });

  it('joins a line with `;` and ends it with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b;c'])).toBe('a;1;;"b;c"\r\n');
  });
});
