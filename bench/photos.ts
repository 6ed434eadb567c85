/**
 * Photos case (decision 058): the review photo pipeline (src/server/media/review-photo.ts) on phone
 * photos of 12 and 48 megapixels (noisy JPEGs of about 6 MB, as a phone sends), one at a time and
 * two at once (the server's turn: two photos per process), with the process's resident memory before
 * and at its peak. Figures, never pass/fail. Aims: a 12-megapixel photo in under 1.5 s, a 48-megapixel
 * one in under 5 s, and the peak under 600 MB above idle while two are processed.
 */
import sharp from 'sharp';
import { processReviewPhoto } from '#server/media/review-photo';

const AIMS = { ms12: 1_500, ms48: 5_000, peakMb: 600 };

/** A camera-like JPEG of `width` × `height`: noise, as much as keeps it the size a phone sends (6 MB or so, under the 10 MB limit). */
async function cameraJpeg(width: number, height: number, sigma: number): Promise<Uint8Array> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new Uint8Array(noise);
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export async function benchPhotos(): Promise<void> {
  const runs = Number(process.env.PHOTO_RUNS ?? 5);
  for (const [label, width, height, sigma, aim] of [
    ['12 MP', 4032, 3024, 40, AIMS.ms12],
    ['48 MP', 8064, 6048, 10, AIMS.ms48],
  ] as const) {
    const photo = await cameraJpeg(width, height, sigma);
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await processReviewPhoto(photo);
      times.push(performance.now() - started);
    }
    const twoStarted = performance.now();
    await Promise.all([processReviewPhoto(photo), processReviewPhoto(photo)]);
    const two = performance.now() - twoStarted;
    clearInterval(sampler);
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `[photos] ${label} (${(photo.byteLength / 1024 / 1024).toFixed(1)} MB JPEG)  median ${Math.round(median)} ms (aim < ${aim})  ` +
        `two at once ${Math.round(two)} ms (${(two / median).toFixed(2)}× one)  RSS idle ${mb(idle)} MB, peak ${mb(peak)} MB (+${mb(peak - idle)}, aim < ${AIMS.peakMb})`,
    );
  }
}
