/**
 * The compliance change log (table audit_log): every change to the rating actions and to 'même
 * parcours pour toutes les notes', with who made it and the values before and after. Written by the
 * service that makes the change, with its transaction, so a change and its entry commit together or
 * not at all; a save that changes nothing writes nothing.
 */
import { sql } from 'drizzle-orm';
import { SETTING_AUDIT_ACTIONS, type AuditAction, type AuditChange } from '#core/api/audit';
import type { RatingAction } from '#core/api/rating-actions';
import { queryRows, type Queryable } from '#db/client';
import { auditLog } from '#db/schema';

/** Who made a change: the signed-in account (kept as text: the entry outlives the account). */
export interface AuditActor {
  userId: string;
  email: string;
}

export async function recordAudit(tx: Queryable, storeId: string, actor: AuditActor, action: AuditAction, before: unknown, after: unknown): Promise<void> {
  await tx.insert(auditLog).values({ shopId: storeId, actorUserId: actor.userId, actorEmail: actor.email, action, before, after });
}

const sameAction = (a: RatingAction, b: RatingAction) =>
  a.action_type === b.action_type && a.redirect_url === b.redirect_url && a.notification_email === b.notification_email && a.feedback_message === b.feedback_message;

/**
 * The ratings whose action differs, as the entry keeps them: the changed ratings' actions before and
 * after (rating 5 first), or null when nothing changed.
 */
export function ratingActionsDiff(before: RatingAction[], after: RatingAction[]): { before: RatingAction[]; after: RatingAction[] } | null {
  const changed = after
    .map((next) => ({ next, previous: before.find((a) => a.rating === next.rating) }))
    .filter(({ next, previous }) => !previous || !sameAction(previous, next))
    .sort((x, y) => y.next.rating - x.next.rating);
  if (changed.length === 0) return null;
  return { before: changed.flatMap(({ previous }) => (previous ? [previous] : [])), after: changed.map(({ next }) => next) };
}

type Row = { id: string; created_at: string; actor_email: string | null; action: AuditAction; before: unknown; after: unknown };

/** The store's latest changes to its settings, newest first, as the settings screen lists them (moderation has its own screen). */
export async function latestChanges(db: Queryable, storeId: string, limit: number): Promise<{ items: AuditChange[] }> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT id::text, to_json(created_at)#>>'{}' AS created_at, actor_email, action, before, after
        FROM audit_log WHERE shop_id = ${storeId}::uuid AND action IN (${sql.join(
          SETTING_AUDIT_ACTIONS.map((a) => sql`${a}`),
          sql`, `,
        )})
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  return { items: rows.map(changeItem) };
}

function changeItem(r: Row): AuditChange {
  const ratings = r.action === 'rating_actions.update' && Array.isArray(r.after) ? (r.after as RatingAction[]).map((a) => a.rating) : [];
  return {
    id: r.id,
    created_at: new Date(r.created_at).toISOString(),
    actor_email: r.actor_email,
    action: r.action,
    ratings,
    same_path_after: r.action === 'same_path.update' && typeof r.after === 'boolean' ? r.after : null,
  };
}
