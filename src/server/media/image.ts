/**
 * Accepts an uploaded image by its CONTENT (never its name or the browser's MIME type) and prepares
 * what is stored: the original for the review page (an SVG rebuilt safe) and a PNG for e-mails.
 *
 * Raster types are recognised by their signature (file-type), then fully decoded by sharp: a
 * truncated or corrupt file, or one larger than MAX_INPUT_PIXELS once decoded (a decompression bomb:
 * a few kilobytes that inflate to gigabytes), is refused as unreadable. SVG is text, recognised here
 * by its root element, then rebuilt by svg-sanitize.ts; only the rebuilt text is ever rasterised.
 *
 * sharp (libvips) is imported on first use: the server does not pay for it until someone uploads.
 */
import type { Sharp, SharpOptions } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { sanitizeSvg } from './svg-sanitize';
import { ImageRejected, type ImageType, type ProcessedImage } from './types';

/** Twice the e-mail's 200 px, for sharp screens. */
export const EMAIL_PNG_WIDTH = 400;
/** 40 megapixels: any real logo (and most photos) fits; a decompression bomb does not. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Decoding and encoding one logo takes milliseconds; an image built to stall libvips is cut off. */
const TIMEOUT_SECONDS = 15;

const SVG_NS = 'http://www.w3.org/2000/svg';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const RASTER_TYPES: Record<string, { contentType: ImageType; extension: ProcessedImage['extension'] }> = {
  'image/png': { contentType: 'image/png', extension: 'png' },
  // An animated PNG is a PNG whose first frame every reader shows.
  'image/apng': { contentType: 'image/png', extension: 'png' },
  'image/jpeg': { contentType: 'image/jpeg', extension: 'jpg' },
  'image/gif': { contentType: 'image/gif', extension: 'gif' },
  'image/webp': { contentType: 'image/webp', extension: 'webp' },
};

type SharpFactory = (input?: Uint8Array, options?: SharpOptions) => Sharp;

let sharpModule: Promise<SharpFactory> | null = null;

export function loadSharp(): Promise<SharpFactory> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is decoded once: libvips' operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/**
 * The text of `bytes` when it is an SVG document: UTF-8 (a BOM allowed), then an optional XML
 * declaration, comments, DOCTYPE or processing instructions, then a root element `svg` in the SVG
 * namespace. Null for anything else (including an `<svg>` without the SVG namespace, which is no SVG
 * file, and text that is not XML before its first element).
 */
function svgTextOf(bytes: Uint8Array): string | null {
  let text: string;
  try {
    // `fatal`: a byte sequence that is not UTF-8 is not our SVG. The BOM, if any, is removed.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Read only up to the root element's start tag: the sanitiser reads the rest.
  const found = Symbol('root');
  let root: SaxesTagNS | null = null;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag) => {
    root = tag;
    throw found;
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error !== found) return null;
  }
  const tag = root as SaxesTagNS | null;
  return tag && tag.local === 'svg' && tag.uri === SVG_NS ? text : null;
}

/** What `bytes` is by content, or null when it is none of our image types. */
async function detect(bytes: Uint8Array): Promise<{ contentType: ImageType; extension: ProcessedImage['extension']; svg?: string } | null> {
  const signature = await fileTypeFromBuffer(bytes);
  if (signature && RASTER_TYPES[signature.mime]) return RASTER_TYPES[signature.mime]!;
  // file-type walks a PNG's chunks and says nothing when they are broken: a file that opens with the
  // PNG signature is a damaged PNG, for the decoder to refuse as unreadable (not "another type").
  if (!signature && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return RASTER_TYPES['image/png']!;
  // file-type knows no SVG: it says nothing for `<svg ...`, and "XML" for `<?xml ...`.
  if (signature && signature.mime !== 'application/xml') return null;
  const svg = svgTextOf(bytes);
  return svg === null ? null : { contentType: 'image/svg+xml', extension: 'svg', svg };
}

/** The e-mail PNG of a decodable image; any decoding failure (corrupt, truncated, too many pixels) is `unreadable`. */
async function emailPngOf(input: Uint8Array, options: SharpOptions = {}): Promise<Uint8Array> {
  const sharp = await loadSharp();
  try {
    const png = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', ...options })
      // Applies the EXIF orientation to the pixels, since the metadata that carried it is not kept.
      .autoOrient()
      .resize({ width: EMAIL_PNG_WIDTH, withoutEnlargement: true })
      // No withMetadata/keepExif: sharp writes no EXIF, XMP or comment unless asked.
      .png()
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer();
    return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  } catch {
    throw new ImageRejected('unreadable');
  }
}

/**
 * The density that renders `svg` EMAIL_PNG_WIDTH pixels wide: a vector scales without loss, so a
 * small drawing is not left small (nor a huge one rendered huge to be shrunk). Null when its size is
 * unknown, and then libvips' default (72 dpi) and the resize decide.
 */
async function svgDensity(svg: Uint8Array): Promise<number | null> {
  const sharp = await loadSharp();
  try {
    const { width } = await sharp(svg, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!width) return null;
    // sharp takes 1 to 100000 dpi.
    return Math.min(100_000, Math.max(1, (72 * EMAIL_PNG_WIDTH) / width));
  } catch {
    throw new ImageRejected('unreadable');
  }
}

/**
 * The stored forms of an upload whose type, judged by content, is in `accept`. Throws
 * ImageRejected('unsupported_type') for anything else, ImageRejected('unreadable') for a file of an
 * accepted type that cannot be decoded or made safe.
 */
export async function processImage(bytes: Uint8Array, accept: readonly ImageType[]): Promise<ProcessedImage> {
  const type = await detect(bytes);
  if (!type || !accept.includes(type.contentType)) throw new ImageRejected('unsupported_type');

  if (type.svg !== undefined) {
    const safe = new TextEncoder().encode(sanitizeSvg(type.svg));
    const density = await svgDensity(safe);
    const emailPng = await emailPngOf(safe, density === null ? {} : { density });
    return { contentType: type.contentType, extension: type.extension, bytes: safe, emailPng };
  }

  // Decoding for the PNG proves the file readable. Animated GIF and WebP: sharp reads the first frame
  // only (no `animated` option), and their original is kept as uploaded for the page.
  const emailPng = await emailPngOf(bytes);
  const page = type.contentType === 'image/jpeg' || type.contentType === 'image/png' ? await withoutMetadata(bytes, type.contentType) : bytes;
  return { contentType: type.contentType, extension: type.extension, bytes: page, emailPng };
}

/**
 * The page's copy of a JPEG or PNG, re-encoded without metadata: a phone photo's EXIF can tell where
 * and when it was taken, and the page is public. Same size; the orientation applied to the pixels.
 */
async function withoutMetadata(input: Uint8Array, type: 'image/jpeg' | 'image/png'): Promise<Uint8Array> {
  const sharp = await loadSharp();
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' }).autoOrient();
    const out = await (type === 'image/jpeg' ? image.jpeg({ quality: 92 }) : image.png()).timeout({ seconds: TIMEOUT_SECONDS }).toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch {
    throw new ImageRejected('unreadable');
  }
}
