import { Download, MessageSquare, Search, Share2, Store } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { exportReviewsUrl, REVIEW_FILTERS, reviewsQuery, useReviews, type ReviewFilter, type ReviewItem } from '#web/api/reviews';
import { RatingStars } from '#web/components/reviews/RatingStars';
import { ReviewPhotos } from '#web/components/reviews/ReviewPhotos';
import { ReviewStatusLabels } from '#web/components/reviews/ReviewStatus';
import { WarningNote } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/EmptyState';
import { LoadMoreButton } from '#web/components/ui/LoadMoreButton';
import { QueryState } from '#web/components/ui/QueryState';
import { textLinkClass } from '#web/components/ui/TextField';
import { ToggleGroup } from '#web/components/ui/ToggleGroup';
import { messages } from '#web/i18n';
import type { ScreenDrawing } from '#web/lib/drawing';
import { cx } from '#web/lib/cx';
import { formatDate } from '#web/lib/format';
import { usePageHeader } from '#web/lib/page-header';
import { useAwayStore } from '#web/lib/session';

/** Opened on demand: its code (and the calendar's catalogue it reads) loads then, not with the screen (decision 027). */
const ShareLinkModal = lazy(() => import('#web/components/schedule/ShareLinkModal').then((module) => ({ default: module.ShareLinkModal })));

const t = messages.feedback;

/** Typing pauses this long before the list is searched again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The query with `key` set, or removed when empty. */
function withParam(current: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value.trim()) next.set(key, value);
  else next.delete(key);
  return next;
}

const isFilter = (value: string | null): value is ReviewFilter => (REVIEW_FILTERS as readonly (string | null)[]).includes(value);

/** The filter the URL asks for (`?filtre=`), every review otherwise. */
const filterOf = (params: URLSearchParams): ReviewFilter => {
  const requested = params.get('filtre');
  return isFilter(requested) ? requested : 'all';
};

const header = { title: messages.appScreens.feedback.title, subtitle: messages.appScreens.feedback.subtitle };

/** Drawn by the server (decision 039): the first page of the search the URL holds. */
export const drawing: ScreenDrawing = {
  header,
  prefetch: (client, url) => client.prefetchInfiniteQuery(reviewsQuery(filterOf(url.searchParams), (url.searchParams.get('q') ?? '').trim())),
};

/**
 * /app/feedback: the store's reviews, newest first, searched by name, e-mail or order number and
 * filtered by rating or comment (both kept in the URL: ?q=…&filtre=…), page after page; the share-link
 * modal for getting reviews without waiting for an order, and a CSV export of what the search selects.
 */
export default function FeedbackScreen() {
  usePageHeader(header.title, header.subtitle);
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const [sharing, setSharing] = useState(false);
  const reviews = useReviews(filter, q.trim());
  // While no store is connected the reviews read are those of the one the account last had: nothing
  // can be asked for it (decision 045).
  const { data: away } = useAwayStore();

  const update = (key: string, value: string) => setParams((current) => withParam(current, key, value), { replace: true });

  // The search follows the typing after a pause, not at every key.
  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => setParams((current) => withParam(current, 'q', typed), { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

  return (
    <div className="space-y-6">
      {away && (
        <WarningNote>
          <p>{t.away(away.shop_domain)}</p>
          <Link to="/app/integrations" className={cx(textLinkClass, 'mt-1 inline-block text-amber-950')}>
            {t.awayLink}
          </Link>
        </WarningNote>
      )}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="w-full max-w-md">
          <label htmlFor="feedback-search" className="text-sm font-medium text-slate-700">
            {t.searchLabel}
          </label>
          <div className="relative mt-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
            <input
              id="feedback-search"
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={t.searchPlaceholder}
              maxLength={200}
              className="w-full rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The reviews under the search and filter in force, every one of them, not only the pages shown. */}
          <a href={exportReviewsUrl(filter, q.trim())} download className={buttonClass('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            {t.exportCsv}
          </a>
          {!away && (
            <>
              <button type="button" onClick={() => setSharing(true)} className={buttonClass('secondary')}>
                <Share2 aria-hidden="true" className="size-4" />
                {t.share}
              </button>
              {/* What buyers see of these reviews on the shop, and their moderation (decision 028). */}
              <Link to="/app/storefront" className={buttonClass('secondary')}>
                <Store aria-hidden="true" className="size-4" />
                {messages.storefront.feedbackLink}
              </Link>
            </>
          )}
        </div>
      </div>
      <ToggleGroup
        label={t.filtersLabel}
        look="pills"
        options={REVIEW_FILTERS}
        value={filter}
        onChange={(f) => update('filtre', f === 'all' ? '' : f)}
        labelOf={(f) => t.filters[f]}
      />
      <QueryState query={reviews} loadingLabel={t.loading} errorMessage={t.loadError}>
        {(data) => {
          const items = data.pages.flatMap((p) => p.items);
          if (items.length === 0) {
            const searching = q.trim() !== '' || filter !== 'all';
            return (
              <EmptyState icon={MessageSquare} heading={searching ? t.noMatchHeading : t.emptyHeading}>
                {searching ? t.noMatchBody : t.emptyBody}
              </EmptyState>
            );
          }
          return (
            <>
              <ul aria-label={t.listLabel} className="space-y-4">
                {items.map((review) => (
                  <ReviewCard key={review.id} review={review} canModerate={!away} />
                ))}
              </ul>
              <LoadMoreButton query={reviews} label={t.more} loadingLabel={t.loadingMore} />
            </>
          );
        }}
      </QueryState>
      {sharing && (
        <Suspense fallback={null}>
          <ShareLinkModal onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** A review; its photos' enlarged view is its detail (decision 058), with their moderation while the store is connected. */
function ReviewCard({ review, canModerate }: { review: ReviewItem; canModerate: boolean }) {
  const name = review.customer_name ?? t.anonymous;
  return (
    <li aria-label={`${name}, ${t.stars(review.rating)}`} className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.rating} label={t.stars(review.rating)} />
        <time dateTime={review.created_at} className="text-sm text-slate-600">
          {formatDate(review.created_at)}
        </time>
      </div>
      <p className="mt-2 font-medium text-slate-900">
        {name}
        {review.order_number && <span className="font-normal text-slate-600"> · {t.order(review.order_number)}</span>}
      </p>
      {review.comment?.trim() && <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{review.comment}</p>}
      <ReviewPhotos reviewId={review.id} reviewer={name} photos={review.photos} canModerate={canModerate} />
      <p className="mt-3 flex flex-wrap gap-2 text-xs">
        {/* Shown on the storefront or why not, and where it came from: never the rating (decision 044). */}
        <ReviewStatusLabels review={review} />
        {t.publicLink[review.outcome.public_link] && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{t.publicLink[review.outcome.public_link]}</span>}
        {review.outcome.private_feedback && <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{t.privateFeedback}</span>}
      </p>
    </li>
  );
}
