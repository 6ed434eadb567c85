/**
 * The compliance exports (GET /api/audit/export): the change log, and what each reviewer was shown
 * after rating, newest first, read a thousand rows at a time on the (created_at, id) keyset and
 * streamed, so a store of any size never sits in memory.
 *
 * CSV as the reviews export writes it (UTF-8 with a byte-order mark, `;`, CRLF, French headers, the
 * same formula guard on every cell: csvCell, src/core/csv.ts). JSON: one array of objects with stable English keys
 * (AuditChangeRecord, ShownRecord), the log's before and after kept as recorded.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuditChangeRecord, AuditExportContent, AuditExportFormat, ShownRecord } from '#core/api/audit';
import type { RatingAction } from '#core/api/rating-actions';
import { queryRows, type Queryable } from '#db/client';
import type { ReviewShown } from '#db/schema';
import { csvLine } from '#core/csv';
import { auditExportMessages as m } from '../messages/audit';
import type { HideReason } from '#core/api/storefront';
import { moderationAuditWords } from '../messages/storefront';

const BATCH = 1000;

type Cursor = { at: string; id: string };

/** Pages of `select(after)` until a short one; each page's last row (its exact database time) is the next cursor. */
async function* keyset<R extends { cursor_at: string; id: string }>(select: (after: SQL) => Promise<R[]>, batch: number): AsyncGenerator<R[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const c: Cursor | null = cursor;
    const rows = await select(c ? sql`AND (created_at, id) < (${c.at}::timestamptz, ${c.id}::uuid)` : sql``);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    cursor = { at: last.cursor_at, id: last.id };
  }
}

// A mapped copy: query rows must be plain object types (an interface has no index signature).
type ChangeRow = { [K in keyof AuditChangeRecord]: AuditChangeRecord[K] } & { cursor_at: string };

export function changeBatches(db: Queryable, storeId: string, batch = BATCH): AsyncGenerator<AuditChangeRecord[]> {
  const rows = keyset<ChangeRow>(
    (after) =>
      queryRows<ChangeRow>(
        db,
        sql`SELECT id::text, created_at::text AS cursor_at, to_json(created_at)#>>'{}' AS created_at, actor_user_id, actor_email, action, before, after
            FROM audit_log WHERE shop_id = ${storeId}::uuid ${after}
            ORDER BY created_at DESC, id DESC LIMIT ${batch}`,
      ),
    batch,
  );
  return mapBatches(rows, ({ cursor_at: _c, ...r }) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

type ShownRow = {
  id: string;
  cursor_at: string;
  created_at: string;
  request_id: string | null;
  order_number: string | null;
  rating: number;
  shown: ReviewShown;
  locale: string | null;
};

/** Reviews recorded with what their author was shown (reviews left before the record began have none). */
export function shownBatches(db: Queryable, storeId: string, batch = BATCH): AsyncGenerator<ShownRecord[]> {
  const rows = keyset<ShownRow>(
    (after) =>
      queryRows<ShownRow>(
        db,
        sql`SELECT id::text, created_at::text AS cursor_at, to_json(created_at)#>>'{}' AS created_at, review_request_id::text AS request_id, order_number, rating, shown,
                   (SELECT q.locale FROM shopify_review_requests q WHERE q.id = review_request_id) AS locale
            FROM shopify_reviews WHERE shop_id = ${storeId}::uuid AND shown IS NOT NULL ${after}
            ORDER BY created_at DESC, id DESC LIMIT ${batch}`,
      ),
    batch,
  );
  return mapBatches(rows, (r) => ({
    review_id: r.id,
    created_at: new Date(r.created_at).toISOString(),
    request_id: r.request_id,
    order_number: r.order_number,
    rating: r.rating,
    same_path_for_all_ratings: r.shown.same_path_for_all_ratings,
    action_type: r.shown.action_type,
    public_link_offered: r.shown.public_link_offered,
    redirected: r.shown.redirected,
    feedback_form: r.shown.feedback_form,
    locale: r.locale,
  }));
}

async function* mapBatches<R, T>(source: AsyncGenerator<R[]>, map: (row: R) => T): AsyncGenerator<T[]> {
  try {
    for await (const rows of source) yield rows.map(map);
  } finally {
    await source.return(undefined);
  }
}

const line = csvLine;

/** 2026-11-24 09:05, in UTC as the header says. */
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const yesNo = (value: boolean) => (value ? m.yes : m.no);

/** "Recueillir un avis privé (message : « … » ; alerte : a@b.fr)", French spacing (decision 026): the action as the settings screen names it. */
export function describeAction(a: RatingAction | undefined): string {
  if (!a) return m.none;
  const details = [
    a.redirect_url ? `${m.url}\u202f: ${a.redirect_url}` : null,
    a.feedback_message ? `${m.message}\u202f: «\u202f${a.feedback_message}\u202f»` : null,
    a.notification_email ? `${m.alert}\u202f: ${a.notification_email}` : null,
  ].filter((d): d is string => d !== null);
  const label = m.actions[a.action_type] ?? a.action_type;
  return details.length > 0 ? `${label} (${details.join('\u202f; ')})` : label;
}

/** One CSV line per change: the setting's, or one per rating whose action changed. */
export function changeCsvLines(r: AuditChangeRecord): string {
  const head = [when(r.created_at), r.actor_email];
  if (r.action === 'same_path.update' || r.action === 'storefront_unverified.update') {
    return line([...head, r.action === 'same_path.update' ? m.samePath : m.unverifiedOnStorefront, r.before === true ? m.on : m.off, r.after === true ? m.on : m.off]);
  }
  if (r.action === 'review.hide' || r.action === 'review.show' || r.action === 'review_photo.hide' || r.action === 'review_photo.show') return moderationCsvLine(head, r);
  const before = Array.isArray(r.before) ? (r.before as RatingAction[]) : [];
  const after = Array.isArray(r.after) ? (r.after as RatingAction[]) : [];
  return after.map((next) => line([...head, m.ratingAction(next.rating), describeAction(before.find((a) => a.rating === next.rating)), describeAction(next)])).join('');
}

export function shownCsvLine(r: ShownRecord): string {
  return line([
    when(r.created_at),
    r.request_id,
    r.order_number,
    r.rating,
    yesNo(r.same_path_for_all_ratings),
    m.actions[r.action_type] ?? r.action_type,
    yesNo(r.public_link_offered),
    yesNo(r.redirected),
    yesNo(r.feedback_form),
    r.locale ? m.language(r.locale) : null,
  ]);
}

/** A stream of `head`, then each batch through `write`, then `tail`; cancelling closes the database cursor. */
function streamOf<T>(batches: AsyncGenerator<T[]>, head: string, write: (rows: T[], first: boolean) => string, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        if (tail) controller.enqueue(encoder.encode(tail));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(write(next.value, first)));
      first = false;
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

const jsonStream = <T>(batches: AsyncGenerator<T[]>) => streamOf(batches, '[', (rows, first) => (first ? '' : ',') + rows.map((r) => JSON.stringify(r)).join(','), ']');

export function auditExport(db: Queryable, storeId: string, content: AuditExportContent, format: AuditExportFormat): ReadableStream<Uint8Array> {
  if (content === 'changes') {
    const batches = changeBatches(db, storeId);
    return format === 'json' ? jsonStream(batches) : streamOf(batches, `\uFEFF${line(m.changesHeader)}`, (rows) => rows.map(changeCsvLines).join(''), '');
  }
  const batches = shownBatches(db, storeId);
  return format === 'json' ? jsonStream(batches) : streamOf(batches, `\uFEFF${line(m.shownHeader)}`, (rows) => rows.map(shownCsvLine).join(''), '');
}

export function auditExportResponse(db: Queryable, storeId: string, content: AuditExportContent, format: AuditExportFormat, now = new Date()): Response {
  return new Response(auditExport(db, storeId, content, format), {
    headers: {
      'Content-Type': format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${m.fileName(content, format, now.toISOString().slice(0, 10))}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** A storefront moderation change (decision 028): the review or one of its photos (decision 058), shown or hidden with its reason, before and after. */
function moderationCsvLine(head: (string | null)[], r: AuditChangeRecord): string {
  const state = (value: unknown) => {
    const v = value as { review_id?: string; reason?: HideReason | null } | null;
    return v?.reason ? moderationAuditWords.hidden(v.reason) : moderationAuditWords.visible;
  };
  const after = r.after as { review_id?: string; photo_id?: string } | null;
  const reviewId = after?.review_id ?? '';
  const what = after?.photo_id ? moderationAuditWords.photoSetting(after.photo_id, reviewId) : moderationAuditWords.setting(reviewId);
  return line([...head, what, state(r.before), state(r.after)]);
}
