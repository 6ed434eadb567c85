import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_TYPES, LOGO_TYPES } from '#core/api/branding';
import { EMAIL_PNG_WIDTH, processImage } from './image';
import { ImageRejected } from './types';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

function solid(width: number, height: number, background = '#56dadc') {
  return sharp({ create: { width, height, channels: 3, background } });
}

const text = (value: string) => new TextEncoder().encode(value);

/** The chunk types of a PNG, in order. */
function pngChunks(png: Uint8Array): string[] {
  const bytes = Buffer.from(png);
  const types: string[] = [];
  for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at)) types.push(bytes.toString('latin1', at + 4, at + 8));
  return types;
}

function expectPng(png: Uint8Array): void {
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  // Pixels only: no eXIf, tEXt/iTXt/zTXt (XMP, comments) or iCCP.
  expect(pngChunks(png).filter((type) => !['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND'].includes(type))).toEqual([]);
}

async function rejection(bytes: Uint8Array, accept: readonly (typeof IMAGE_TYPES)[number][] = IMAGE_TYPES): Promise<string> {
  const error = await processImage(bytes, accept).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejected);
  return (error as ImageRejected).reason;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** A valid 1-bit grey PNG of `width`×`height` white pixels: tens of kilobytes that decode to `width`×`height` pixels. */
function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([Buffer.from(PNG_SIGNATURE), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('processImage: accepted images', () => {
  it('keeps a PNG as uploaded and makes a 400 px e-mail PNG', async () => {
    const png = await solid(800, 300).png().toBuffer();
    const image = await processImage(png, LOGO_TYPES);
    expect(image).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect(Buffer.from(image.bytes).equals(png)).toBe(true);
    expectPng(image.emailPng);
    expect(await sharp(image.emailPng).metadata()).toMatchObject({ format: 'png', width: EMAIL_PNG_WIDTH, height: 150 });
  });

  it('never enlarges a small raster image', async () => {
    const image = await processImage(await solid(120, 40).png().toBuffer(), LOGO_TYPES);
    expect(await sharp(image.emailPng).metadata()).toMatchObject({ width: 120, height: 40 });
  });

  it('accepts a JPEG, turns it by its EXIF orientation and keeps no EXIF in the e-mail PNG nor in the page copy', async () => {
    const jpeg = await solid(200, 100)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Atelier Secret', ImageDescription: 'Pris au 12 rue des Lilas' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    // The fixture carries what must not reach e-mails.
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes('Atelier Secret')).toBe(true);

    const image = await processImage(jpeg, LOGO_TYPES);
    expect(image).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    // The page's copy: still a JPEG, turned, without the EXIF (it may say where a photo was taken).
    const page = await sharp(image.bytes).metadata();
    expect(page).toMatchObject({ format: 'jpeg', width: 100, height: 200 });
    expect(page.exif).toBeUndefined();
    expect(Buffer.from(image.bytes).includes('Atelier Secret')).toBe(false);
    expectPng(image.emailPng);
    const metadata = await sharp(image.emailPng).metadata();
    expect(metadata.exif).toBeUndefined();
    // Orientation 6 (90° clockwise) applied to the pixels: the metadata that said so is gone.
    expect(metadata).toMatchObject({ width: 100, height: 200 });
    expect(Buffer.from(image.emailPng).includes('Atelier Secret')).toBe(false);
  });

  it('accepts GIF and WebP only where the caller accepts them', async () => {
    const gif = await solid(60, 30).gif().toBuffer();
    const webp = await solid(60, 30).webp().toBuffer();
    expect(await rejection(gif, LOGO_TYPES)).toBe('unsupported_type');
    expect(await rejection(webp, LOGO_TYPES)).toBe('unsupported_type');
    expect(await processImage(gif, IMAGE_TYPES)).toMatchObject({ contentType: 'image/gif', extension: 'gif' });
    const image = await processImage(webp, IMAGE_TYPES);
    expect(image).toMatchObject({ contentType: 'image/webp', extension: 'webp' });
    expectPng(image.emailPng);
  });

  it('takes the first frame of an animated GIF', async () => {
    // Two 10×10 frames: black, then white.
    const frames = Buffer.concat([Buffer.alloc(10 * 10 * 3, 0), Buffer.alloc(10 * 10 * 3, 255)]);
    const gif = await sharp(frames, { raw: { width: 10, height: 20, channels: 3, pageHeight: 10 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const image = await processImage(gif, IMAGE_TYPES);
    const { data, info } = await sharp(image.emailPng).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([10, 10]);
    expect([...data.subarray(0, 3)]).toEqual([0, 0, 0]);
  });

  it('sanitises an SVG (its script is gone), stores the safe text and rasterises it 400 px wide', async () => {
    const svg = `\ufeff<?xml version="1.0" encoding="UTF-8"?>
<!-- Logo -->
<svg ${SVG_NS} width="50" height="20" onload="alert(1)"><script>alert(2)</script><rect width="50" height="20" fill="#ff0000"/></svg>`;
    const image = await processImage(text(svg), LOGO_TYPES);
    expect(image).toMatchObject({ contentType: 'image/svg+xml', extension: 'svg' });
    const stored = new TextDecoder().decode(image.bytes);
    expect(stored).not.toMatch(/script|alert|onload/);
    expect(stored).toContain('<rect width="50" height="20" fill="#ff0000"></rect>');
    expectPng(image.emailPng);
    // A vector: drawn at the e-mail's size rather than left 50 px wide.
    const { data, info } = await sharp(image.emailPng).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([EMAIL_PNG_WIDTH, 160]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('draws a large SVG at 400 px, not at its own size', async () => {
    const image = await processImage(text(`<svg ${SVG_NS} width="4000" height="1000"><rect width="4000" height="1000"/></svg>`), LOGO_TYPES);
    expect(await sharp(image.emailPng).metadata()).toMatchObject({ width: EMAIL_PNG_WIDTH, height: 100 });
  });

  it('accepts a 1-pixel-wide strip: a small number of pixels, never enlarged', async () => {
    const image = await processImage(blankPng(1, 20_000), LOGO_TYPES);
    expect(await sharp(image.emailPng).metadata()).toMatchObject({ width: 1, height: 20_000 });
  });
});

describe('processImage: refused uploads', () => {
  it('judges by content: text, a PDF and HTML are not images, whatever they start with', async () => {
    expect(await rejection(text('Bonjour, ceci est un fichier texte.\n'))).toBe('unsupported_type');
    expect(await rejection(text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'))).toBe('unsupported_type');
    expect(await rejection(text('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>'))).toBe('unsupported_type');
    // An HTML page dressed as a PNG: the start of the signature, then markup.
    expect(await rejection(Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n<html><script>alert(1)</script></html>')]))).toBe('unsupported_type');
    expect(await rejection(Buffer.from('PNG\r\n\x1a\n<html></html>'))).toBe('unsupported_type');
    expect(await rejection(new Uint8Array(0))).toBe('unsupported_type');
  });

  it('refuses an <svg> outside the SVG namespace, text before the root, and non-UTF-8 text', async () => {
    expect(await rejection(text('<svg width="10" height="10"><rect width="10" height="10"/></svg>'))).toBe('unsupported_type');
    expect(await rejection(text(`hello <svg ${SVG_NS}/>`))).toBe('unsupported_type');
    expect(await rejection(Buffer.from(`<svg ${SVG_NS}><text>caf\xe9</text></svg>`, 'latin1'))).toBe('unsupported_type');
  });

  it('refuses an SVG that is not well-formed, or declares entities, as unreadable', async () => {
    expect(await rejection(text(`<svg ${SVG_NS}><rect></svg>`))).toBe('unreadable');
    expect(await rejection(text(`<!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg ${SVG_NS}><text>&b;</text></svg>`))).toBe('unreadable');
  });

  it('refuses a PNG signature followed by garbage, and truncated files, as unreadable', async () => {
    expect(await rejection(Buffer.concat([Buffer.from(PNG_SIGNATURE), Buffer.from('garbage '.repeat(64))]))).toBe('unreadable');
    const png = await solid(300, 200).png().toBuffer();
    expect(await rejection(png.subarray(0, png.length >> 1))).toBe('unreadable');
    const jpeg = await solid(300, 200).jpeg().toBuffer();
    expect(await rejection(jpeg.subarray(0, jpeg.length >> 1))).toBe('unreadable');
  });

  it('refuses a decompression bomb (20000×20000 pixels in 50 KB) as unreadable, without decoding it', async () => {
    const bomb = blankPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    // A well-formed image: what refuses it is its size, not corruption.
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20_000, height: 20_000 });
    const started = Date.now();
    expect(await rejection(bomb)).toBe('unreadable');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses SVG where the caller accepts only rasters', async () => {
    expect(await rejection(text(`<svg ${SVG_NS}/>`), ['image/png', 'image/jpeg'])).toBe('unsupported_type');
  });
});

describe('image.ts', () => {
  it('loads sharp only when an image is processed (no static import)', () => {
    const source = readFileSync(new URL('./image.ts', import.meta.url), 'utf8');
    expect(source).toContain("import('sharp')");
    expect(source).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'sharp'/m);
  });
});
