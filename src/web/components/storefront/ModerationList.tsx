import { EyeOff, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useModerate, useModeration, MODERATION_FILTERS, type HideReason, type ModerationFilter, type ModerationItem } from '#web/api/storefront';
import { messages } from '#web/i18n';
import { formatDate } from '#web/lib/format';
import { RatingStars } from '../reviews/RatingStars';
import { ReviewPhotos } from '../reviews/ReviewPhotos';
import { ReviewStatusLabels } from '../reviews/ReviewStatus';
import { ErrorAlert, SuccessAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { EmptyState } from '../ui/EmptyState';
import { LoadMoreButton } from '../ui/LoadMoreButton';
import { QueryState } from '../ui/QueryState';
import { ToggleGroup } from '../ui/ToggleGroup';
import { HideReviewDialog } from './HideReviewDialog';

const t = messages.storefront;

const m = t.moderation;
const nameOf = (review: ModerationItem) => review.public_name ?? m.anonymous;

/** The store's reviews with « Masquer » (a reason asked in a dialog) and « Afficher de nouveau », and the same for each of their photos. */
export function ModerationList() {
  const [filter, setFilter] = useState<ModerationFilter>('all');
  const [hiding, setHiding] = useState<ModerationItem | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const reviews = useModeration(filter);
  const moderate = useModerate();

  const hide = (review: ModerationItem, reason: HideReason) =>
    moderate.mutate(
      { review, reason },
      {
        onSuccess: () => {
          setHiding(null);
          setDone(m.hiddenDone);
        },
      },
    );
  const show = (review: ModerationItem) => {
    setDone(null);
    moderate.mutate({ review, reason: null }, { onSuccess: () => setDone(m.shownDone) });
  };

  return (
    <section aria-labelledby="storefront-moderation" className="space-y-4">
      <div>
        <h2 id="storefront-moderation" className="text-base font-semibold text-slate-900">
          {m.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{m.body}</p>
      </div>
      <ToggleGroup label={m.filtersLabel} look="pills" options={MODERATION_FILTERS} value={filter} onChange={setFilter} labelOf={(f) => m.filters[f]} />
      <div aria-live="polite">{done && <SuccessAlert>{done}</SuccessAlert>}</div>
      {moderate.isError && !hiding && <ErrorAlert>{moderate.error.message || m.actionError}</ErrorAlert>}
      <QueryState query={reviews} loadingLabel={m.loading} errorMessage={m.loadError}>
        {(data) => {
          const items = data.pages.flatMap((p) => p.items);
          if (items.length === 0) {
            return (
              <EmptyState icon={MessageSquare} heading={filter === 'all' ? m.emptyHeading : m.noMatchHeading} level={3}>
                {filter === 'all' ? m.emptyBody : m.noMatchBody}
              </EmptyState>
            );
          }
          return (
            <>
              <ul aria-label={m.listLabel} className="space-y-3">
                {items.map((review) => (
                  <ModerationCard
                    key={review.id}
                    review={review}
                    busy={moderate.isPending && moderate.variables.review.id === review.id}
                    onHide={() => {
                      setDone(null);
                      moderate.reset();
                      setHiding(review);
                    }}
                    onShow={() => show(review)}
                  />
                ))}
              </ul>
              <LoadMoreButton query={reviews} label={m.more} loadingLabel={m.loadingMore} />
            </>
          );
        }}
      </QueryState>
      {hiding && (
        <HideReviewDialog
          reviewer={nameOf(hiding)}
          busy={moderate.isPending}
          error={moderate.isError ? moderate.error.message || m.actionError : null}
          onConfirm={(reason) => hide(hiding, reason)}
          onCancel={() => {
            moderate.reset();
            setHiding(null);
          }}
        />
      )}
    </section>
  );
}

function ModerationCard({ review, busy, onHide, onShow }: { review: ModerationItem; busy: boolean; onHide: () => void; onShow: () => void }) {
  const name = nameOf(review);
  const stars = m.stars(review.rating);
  const hidden = review.hidden_reason !== null;
  return (
    <li aria-label={m.item(name, stars)} className={hidden ? 'rounded-2xl border border-slate-300 bg-slate-50 p-4' : 'rounded-2xl border border-slate-200 bg-white p-4'}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.rating} label={stars} />
        <time dateTime={review.created_at} className="text-sm text-slate-600">
          {formatDate(review.created_at)}
        </time>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2 font-medium text-slate-900">
        {name}
        <span className="text-xs">
          <ReviewStatusLabels review={review} publication={false} />
        </span>
      </p>
      {review.comment?.trim() && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{review.comment}</p>}
      {/* Each photo hidden or shown on its own, for the same reasons (decision 058). */}
      <ReviewPhotos reviewId={review.id} reviewer={name} photos={review.photos} canModerate inlineActions />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        {hidden ? (
          <p className="text-xs text-slate-700">
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
              <EyeOff aria-hidden="true" className="size-3" />
              {m.hiddenState(t.hideDialog.reasons[review.hidden_reason!])}
            </span>{' '}
            {review.hidden_at && m.hiddenBy(review.hidden_by_email, formatDate(review.hidden_at))}
          </p>
        ) : review.is_published ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">{m.shown}</span>
        ) : (
          // Not hidden, yet off the storefront: not a verified purchase, and the store keeps those off (decision 044).
          <span title={messages.reviewStatus.unverifiedOffHint} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {messages.reviewStatus.unverifiedOff}
          </span>
        )}
        {hidden ? (
          <button type="button" onClick={onShow} disabled={busy} aria-busy={busy || undefined} aria-label={m.showLabel(name)} className={buttonClass('secondary', 'sm')}>
            {busy ? m.showing : m.show}
          </button>
        ) : (
          <button type="button" onClick={onHide} disabled={busy} aria-label={m.hideLabel(name)} className={buttonClass('secondary', 'sm')}>
            {m.hide}
          </button>
        )}
      </div>
    </li>
  );
}
