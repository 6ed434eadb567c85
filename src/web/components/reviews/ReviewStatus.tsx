import type { HideReason } from '#core/api/storefront';
import type { ReviewOrigin } from '#core/review-origin';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';

const t = messages.reviewStatus;

/** What a review's state says on every screen (decision 044): never its rating. */
export interface ReviewState {
  is_published: boolean;
  hidden_reason: HideReason | null;
  origin: ReviewOrigin;
}

/**
 * « Publié » when the storefront shows it; otherwise why not: hidden for its reason, or not a
 * verified purchase while the store keeps those off its storefront.
 */
export function publicationLabel(review: ReviewState): string {
  if (review.is_published) return t.published;
  return review.hidden_reason ? t.hidden(t.reasons[review.hidden_reason]) : t.unverifiedOff;
}

const pill = 'rounded-full px-2 py-0.5 font-medium';

/** The publication and the origin as two labels (the reviews list and the moderation list). */
export function ReviewStatusLabels({ review, publication = true }: { review: ReviewState; publication?: boolean }) {
  const unverifiedOff = !review.is_published && !review.hidden_reason;
  return (
    <>
      {publication && (
        <span title={unverifiedOff ? t.unverifiedOffHint : undefined} className={cx(pill, review.is_published ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700')}>
          {publicationLabel(review)}
        </span>
      )}
      <span title={t.originHint[review.origin]} className={cx(pill, review.origin === 'order' ? 'bg-sky-100 text-sky-900' : 'bg-amber-100 text-amber-900')}>
        {t.origin[review.origin]}
      </span>
    </>
  );
}
