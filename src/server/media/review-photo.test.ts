/**
 * The review photo pipeline (decision 058) on crafted inputs: a phone's JPEG with its camera and GPS
 * position in EXIF and a sideways orientation, large ones, a decompression bomb, a file that is not an
 * image though named .jpg, each accepted type.
 */
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { REVIEW_PHOTO_LIMITS } from '#core/review-photos';
import { PhotoRejected, processReviewPhoto } from './review-photo';

const solid = (width: number, height: number, background = '#d946ef') => sharp({ create: { width, height, channels: 3, background } });

/** A phone photo: 300×200 pixels stored sideways (EXIF orientation 6), with the camera and where it was taken. */
async function phoneJpeg(): Promise<Uint8Array> {
  // The left half red, the right half blue: after turning upright, red is on top.
  const left = await solid(150, 200, '#ff0000').png().toBuffer();
  const buffer = await solid(300, 200, '#0000ff')
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15 Pro' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .toBuffer();
  return new Uint8Array(buffer);
}

/** The GPS IFD pointer tag (0x8825), in either byte order. */
const hasGpsTag = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

async function refusal(bytes: Uint8Array): Promise<string> {
  const error = await processReviewPhoto(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PhotoRejected);
  return (error as PhotoRejected).reason;
}

/** A PNG whose header claims `width`×`height` over a tiny compressed body: a decompression bomb. */
function pngBomb(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // A few rows of zeros, compressed: the rest of the claimed pixels would come from nothing.
  const rows = deflateSync(Buffer.alloc((width + 1) * 4));
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]));
}

describe('a review photo', () => {
  it('loses its camera, its GPS position and every other metadata, and is turned upright', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    // The input really carries what must go.
    expect(before.orientation).toBe(6);
    expect(before.exif!.includes('PhoneMaker')).toBe(true);
    expect(hasGpsTag(before.exif!)).toBe(true);

    const { full, thumb } = await processReviewPhoto(input);
    for (const image of [full, thumb]) {
      const after = await sharp(image.bytes).metadata();
      expect(after.format).toBe('webp');
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(Buffer.from(image.bytes).includes('PhoneMaker')).toBe(false);
      expect(Buffer.from(image.bytes).includes('Exif')).toBe(false);
    }
    // Upright: 200 wide, 300 high, the red half on top.
    expect(full).toMatchObject({ width: 200, height: 300 });
    const { data } = await sharp(full.bytes).raw().toBuffer({ resolveWithObject: true });
    const top = [data[(20 * 200 + 100) * 3]!, data[(20 * 200 + 100) * 3 + 2]!];
    const bottom = [data[(280 * 200 + 100) * 3]!, data[(280 * 200 + 100) * 3 + 2]!];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[1]).toBeLessThan(60);
    expect(bottom[0]).toBeLessThan(60);
    expect(bottom[1]).toBeGreaterThan(200);
  });

  it('is resized to at most 2048 px on its longest side, its thumbnail to 400, never enlarged', async () => {
    const large = new Uint8Array(await solid(4000, 3000).jpeg({ quality: 70 }).toBuffer());
    const { full, thumb } = await processReviewPhoto(large);
    expect(full).toMatchObject({ width: REVIEW_PHOTO_LIMITS.maxSide, height: 1536 });
    expect(thumb).toMatchObject({ width: REVIEW_PHOTO_LIMITS.thumbSide, height: 300 });
    const small = await processReviewPhoto(new Uint8Array(await solid(320, 240).png().toBuffer()));
    expect(small.full).toMatchObject({ width: 320, height: 240 });
    expect(small.thumb).toMatchObject({ width: 320, height: 240 });
  });

  it('is taken as JPEG, PNG or WebP, judged by its content', async () => {
    for (const encoded of [solid(64, 48).jpeg(), solid(64, 48).png(), solid(64, 48).webp()]) {
      const { full } = await processReviewPhoto(new Uint8Array(await encoded.toBuffer()));
      expect((await sharp(full.bytes).metadata()).format).toBe('webp');
    }
  });

  it('is refused when it is no accepted image: text named .jpg, a GIF, an SVG, a broken JPEG', async () => {
    expect(await refusal(new TextEncoder().encode('<?php echo "bonjour"; ?>'))).toBe('unsupported_type');
    expect(await refusal(new Uint8Array(await solid(16, 16).gif().toBuffer()))).toBe('unsupported_type');
    expect(await refusal(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('unsupported_type');
    const jpeg = new Uint8Array(await solid(400, 300).jpeg().toBuffer());
    expect(await refusal(jpeg.subarray(0, 200))).toBe('unreadable');
  });

  it('is refused over 10 MB, and a decompression bomb before its pixels are decoded', async () => {
    const tooLarge = new Uint8Array(REVIEW_PHOTO_LIMITS.maxBytes + 1);
    tooLarge.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(await refusal(tooLarge)).toBe('too_large');
    // 100 000 × 100 000 pixels claimed by a file of a few hundred bytes.
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(2_000);
    expect(await refusal(bomb)).toBe('too_many_pixels');
  });
});
