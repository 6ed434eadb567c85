/**
 * Compliance evidence of the active store (issue 18): the change log of the rating actions and of
 * 'même parcours pour toutes les notes' (who, when, before, after), and, per review, what the customer
 * was shown after rating. Both export as CSV (for a French spreadsheet, like the reviews export) or
 * JSON (stable English keys); the latest changes are listed on /app/conditional.
 */
import { z } from 'zod';
import { RATINGS } from './rating-actions';
import { endpoint } from './endpoint';
import { isoDateTime } from './wire';

/** What an audit entry records. */
export const AUDIT_ACTIONS = [
  'rating_actions.update',
  'same_path.update',
  'review.hide',
  'review.show',
  'storefront_unverified.update',
  'review_photo.hide',
  'review_photo.show',
] as const;
/** The changes to the rating actions and the gating setting (the settings screen's latest changes). */
export const SETTING_AUDIT_ACTIONS = ['rating_actions.update', 'same_path.update'] as const satisfies readonly AuditAction[];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_EXPORT_FORMATS = ['csv', 'json'] as const;
export type AuditExportFormat = (typeof AUDIT_EXPORT_FORMATS)[number];
/** `changes`: the change log; `shown`: what each reviewer was shown. */
export const AUDIT_EXPORT_CONTENTS = ['changes', 'shown'] as const;
export type AuditExportContent = (typeof AUDIT_EXPORT_CONTENTS)[number];

export const AUDIT_LATEST_MAX = 20;
export const AUDIT_LATEST_DEFAULT = 5;

/** One change as the settings screen lists it: who, when, what. */
export const auditChange = z.object({
  id: z.string(),
  created_at: isoDateTime,
  actor_email: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** For `rating_actions.update`: the ratings whose action changed (5 first); empty otherwise. */
  ratings: z.array(z.literal(RATINGS)),
  /** For `same_path.update`: the setting after the change; null otherwise. */
  same_path_after: z.boolean().nullable(),
});
export type AuditChange = z.infer<typeof auditChange>;

export const listAuditChanges = endpoint({
  method: 'GET',
  path: '/api/audit/changes',
  access: 'store',
  summary: "the active store's latest changes to its rating actions and gating setting, newest first",
  query: z.object({
    limit: z.coerce
      .number({ message: `La limite doit être un nombre entre 1 et ${AUDIT_LATEST_MAX}` })
      .int(`La limite doit être un nombre entre 1 et ${AUDIT_LATEST_MAX}`)
      .min(1, `La limite doit être un nombre entre 1 et ${AUDIT_LATEST_MAX}`)
      .max(AUDIT_LATEST_MAX, `La limite doit être un nombre entre 1 et ${AUDIT_LATEST_MAX}`)
      .optional()
      .default(AUDIT_LATEST_DEFAULT),
  }),
  response: z.object({ items: z.array(auditChange).max(AUDIT_LATEST_MAX) }),
  errors: [],
});

/**
 * Every entry of one dataset, newest first, as a file (streamed in batches). CSV: UTF-8 with a
 * byte-order mark, `;`, CRLF, French headers, formula-looking cells neutralised. JSON: an array of
 * objects whose keys are stable English names (see AuditChangeRecord and ShownRecord).
 */
export const exportAudit = endpoint({
  method: 'GET',
  path: '/api/audit/export',
  access: 'store',
  kind: 'download',
  summary: "the active store's change log or what its reviewers were shown, as CSV or JSON",
  query: z.object({
    format: z.enum(AUDIT_EXPORT_FORMATS, { message: 'Format inconnu (csv ou json)' }).default('csv'),
    content: z.enum(AUDIT_EXPORT_CONTENTS, { message: 'Contenu inconnu (changes ou shown)' }).default('changes'),
  }),
  errors: [],
});

/** One object of the JSON change log. */
export interface AuditChangeRecord {
  id: string;
  created_at: string;
  actor_user_id: string | null;
  actor_email: string | null;
  action: AuditAction;
  before: unknown;
  after: unknown;
}

/** One object of the JSON record of what reviewers were shown. */
export interface ShownRecord {
  review_id: string;
  created_at: string;
  request_id: string | null;
  order_number: string | null;
  rating: number;
  same_path_for_all_ratings: boolean;
  action_type: string;
  public_link_offered: boolean;
  redirected: boolean;
  feedback_form: boolean;
  /** The locale the reviewer was asked in (decision 056: `de-DE`, `fr`); null for a review without its request. */
  locale: string | null;
}
