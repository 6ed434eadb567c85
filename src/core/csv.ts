/**
 * CSV for a French spreadsheet, as the exports write it (the reviews export, the audit exports):
 * `;` between fields, CRLF lines; the files start with a byte-order mark (UTF-8).
 *
 * A cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a return) is
 * prefixed with an apostrophe: a customer's comment must not become a formula on the merchant's
 * machine (CSV injection).
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line: the cells, each through csvCell, `;` between them, CRLF at the end. */
export const csvLine = (cells: (string | number | null)[]): string => `${cells.map(csvCell).join(';')}\r\n`;
