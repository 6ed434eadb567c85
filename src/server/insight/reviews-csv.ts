/**
 * The reviews export (GET /api/reviews/export): the reviews the list shows under a search and a
 * filter, every one of them, as CSV for a French spreadsheet (UTF-8 with a byte-order mark, `;`
 * between fields, CRLF lines), streamed a thousand at a time.
 *
 * Every cell goes through csvCell (src/core/csv.ts): none becomes a formula on the merchant's machine.
 */
import type { ReviewItem } from '#core/api/reviews';
import { csvLine } from '#core/csv';
import type { Queryable } from '#db/client';
import { reviewExportMessages as m } from '../messages/reviews';
import type { PhotoUrls } from '../reviews/photos';
import { allReviews, type ReviewQuery } from './reviews';

const line = csvLine;

/** 2026-11-24 09:05, in UTC as the header says. */
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export function reviewCsvLine(r: ReviewItem): string {
  return line([
    when(r.created_at),
    r.rating,
    r.customer_name,
    r.customer_email,
    r.order_number,
    r.comment,
    r.is_published ? m.yes : m.no,
    m.publicLink[r.outcome.public_link],
    r.outcome.private_feedback ? m.yes : m.no,
    r.is_published ? null : m.unpublished(r.hidden_reason),
    m.origin[r.origin],
    // Every photo's public URL, hidden ones too (the merchant's record, not the storefront's), in their order.
    r.photos.length > 0 ? r.photos.map((p) => p.url).join(' ') : null,
  ]);
}

export function reviewsCsv(urls: PhotoUrls, db: Queryable, storeId: string, selection: ReviewQuery): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = allReviews(urls, db, storeId, selection);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${line(m.header)}`));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(reviewCsvLine).join('')));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/** `avis-2026-11-24.csv`. */
export const exportFileName = (now = new Date()) => `avis-${now.toISOString().slice(0, 10)}.csv`;
