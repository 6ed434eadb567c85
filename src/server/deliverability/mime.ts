/**
 * Just enough MIME to judge a message we composed ourselves (nodemailer's MailComposer): its
 * top-level header fields, and its leaf parts with their decoded bodies. Not a general parser: the
 * self-test reads only messages of our own making, whose shapes are known (multipart/alternative or
 * mixed, quoted-printable or base64 leaves).
 */

export interface HeaderField {
  /** Lower-cased name. */
  name: string;
  value: string;
}

export interface MimeLeaf {
  /** Lower-cased type and subtype, e.g. text/plain. */
  contentType: string;
  body: Buffer;
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

/** The header block's fields, folded lines joined. */
export function headerFields(raw: string): HeaderField[] {
  const unfolded = splitHead(raw).head.replace(/\r?\n[ \t]+/g, ' ');
  return unfolded
    .split(/\r?\n/)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon > 0 ? { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() } : null;
    })
    .filter((field): field is HeaderField => field !== null);
}

function param(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes);
}

function decode(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1');
}

/** Every non-multipart part of `raw` (the message itself when it is not multipart), in order. */
export function mimeLeaves(raw: string, depth = 0): MimeLeaf[] {
  const fields = headerFields(raw);
  const typeValue = fields.find((f) => f.name === 'content-type')?.value ?? 'text/plain';
  const contentType = (typeValue.split(';')[0] ?? '').trim().toLowerCase();
  const { body } = splitHead(raw);
  if (contentType.startsWith('multipart/')) {
    const boundary = param(typeValue, 'boundary');
    if (!boundary || depth > 8) return [];
    const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const sections = body.split(new RegExp(`(?:^|\\r?\\n)--${escaped}(?:--)?[ \\t]*(?:\\r?\\n|$)`));
    // The preamble before the first boundary and the epilogue after the last are no parts.
    return sections.slice(1, -1).flatMap((section) => mimeLeaves(section, depth + 1));
  }
  const encoding = (fields.find((f) => f.name === 'content-transfer-encoding')?.value ?? '7bit').toLowerCase();
  return [{ contentType, body: decode(body, encoding) }];
}
