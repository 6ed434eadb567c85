/**
 * A customer's photo, untrusted input from the open web (decision 058): judged by its content, never
 * its name or declared type; decoded under a pixel limit, so a decompression bomb is refused before
 * its pixels exist; turned upright (the phone's orientation applied to the pixels); every metadata
 * dropped (EXIF with its GPS position, the camera, XMP, comments, ICC after conversion to sRGB);
 * resized to REVIEW_PHOTO_LIMITS.maxSide and re-encoded as WebP, with a thumbnail. Only what this
 * returns is ever stored or served.
 */
import { fileTypeFromBuffer } from 'file-type';
import { REVIEW_PHOTO_LIMITS, REVIEW_PHOTO_TYPES, type PhotoRefusal } from '#core/review-photos';
import { loadSharp } from './image';

/** Decoding a 48-megapixel JPEG takes about a second here; one built to stall libvips is cut off. */
const TIMEOUT_SECONDS = 20;

export class PhotoRejected extends Error {
  constructor(readonly reason: Extract<PhotoRefusal, 'too_large' | 'unsupported_type' | 'unreadable' | 'too_many_pixels'>) {
    super(reason);
    this.name = 'PhotoRejected';
  }
}

export interface ProcessedPhoto {
  /** WebP, at most maxSide on its longest side, without metadata. */
  full: { bytes: Uint8Array; width: number; height: number };
  /** WebP, at most thumbSide on its longest side. */
  thumb: { bytes: Uint8Array; width: number; height: number };
}

const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

export async function processReviewPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (bytes.byteLength > REVIEW_PHOTO_LIMITS.maxBytes) throw new PhotoRejected('too_large');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(REVIEW_PHOTO_TYPES as readonly string[]).includes(type.mime)) throw new PhotoRejected('unsupported_type');
  const sharp = await loadSharp();
  // The header says the size before any pixel is decoded: a bomb stops here.
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new PhotoRejected('unreadable');
  }
  if (!width || !height) throw new PhotoRejected('unreadable');
  if (width * height > REVIEW_PHOTO_LIMITS.maxPixels) throw new PhotoRejected('too_many_pixels');
  const encode = async (side: number, quality: number) => {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: REVIEW_PHOTO_LIMITS.maxPixels, failOn: 'error' })
        // The EXIF orientation applied to the pixels: the metadata that carried it is not kept.
        .autoOrient()
        .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
        // No withMetadata/keepExif/keepIccProfile: sharp converts to sRGB and writes no EXIF, XMP or ICC.
        .webp({ quality, effort: 4 })
        .timeout({ seconds: TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true });
      return { bytes: bytesOf(data), width: info.width, height: info.height };
    } catch {
      throw new PhotoRejected('unreadable');
    }
  };
  const full = await encode(REVIEW_PHOTO_LIMITS.maxSide, 82);
  const thumb = await encode(REVIEW_PHOTO_LIMITS.thumbSide, 75);
  return { full, thumb };
}
