import { describe, expect, it } from 'vitest';
import { jsonObjectBytes } from './ingest';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array | null) => (body === null ? null : new TextDecoder('utf-8', { ignoreBOM: true }).decode(body));

describe('jsonObjectBytes', () => {
  it('keeps a body whose first and last bytes other than JSON whitespace are braces, as it is', () => {
    expect(text(jsonObjectBytes(bytes('{}')))).toBe('{}');
    expect(text(jsonObjectBytes(bytes(' \t\r\n{"a": "é"}\n')))).toBe(' \t\r\n{"a": "é"}\n');
  });

  it('drops a leading byte-order mark and nothing else', () => {
    expect(text(jsonObjectBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"a":1}')])))).toBe('{"a":1}');
  });

  it('refuses what cannot be a JSON object: empty, blank, an array, a lone brace, another whitespace, a NUL byte', () => {
    for (const body of ['', '   ', '[1, 2]', '{', '}', '"{}"', '\u00a0{}', '{"a": "\0"}']) expect(jsonObjectBytes(bytes(body))).toBeNull();
    // A NUL after a byte-order mark: the check reads the view past the mark, not the buffer from its start.
    expect(jsonObjectBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"a": "\0"}')]))).toBeNull();
    // A view into a larger buffer: NUL bytes outside the view are not the body's.
    const framed = new Uint8Array([0, ...bytes('{"a": "b"}'), 0]);
    expect(text(jsonObjectBytes(framed.subarray(1, framed.length - 1)))).toBe('{"a": "b"}');
  });
});
