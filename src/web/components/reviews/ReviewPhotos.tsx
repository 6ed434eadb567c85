import { ChevronLeft, ChevronRight, EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useModeratePhoto, type HideReason, type MerchantPhoto } from '#web/api/storefront';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { HideReviewDialog } from '../storefront/HideReviewDialog';
import { ErrorAlert, SuccessAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { Modal } from '../ui/Modal';

const t = messages.reviewPhotos;

/**
 * A review's photos (decision 058): lazy thumbnails whose space is reserved by their sizes (nothing
 * moves when they load), each a button opening the enlarged view, a modal dialog with the full photo.
 * With `canModerate`, the enlarged view (and, with `inlineActions`, each thumbnail) hides the photo
 * for a content reason (the review's dialog) or shows it again; a store that is not connected any
 * more only looks (decision 045).
 */
export function ReviewPhotos(props: ReviewPhotosProps) {
  // Most reviews have none: no state or mutation for them.
  return props.photos.length === 0 ? null : <Photos {...props} />;
}

interface ReviewPhotosProps {
  reviewId: string;
  /** Who sent them, as the screen names the reviewer. */
  reviewer: string;
  photos: readonly MerchantPhoto[];
  canModerate: boolean;
  /** « Masquer la photo » under each thumbnail too (the moderation list). */
  inlineActions?: boolean;
}

function Photos({ reviewId, reviewer, photos, canModerate, inlineActions = false }: ReviewPhotosProps) {
  const [viewing, setViewing] = useState<string | null>(null);
  const [hiding, setHiding] = useState<MerchantPhoto | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const moderate = useModeratePhoto();

  const viewed = photos.find((p) => p.id === viewing) ?? null;
  const busyFor = (photo: MerchantPhoto) => moderate.isPending && moderate.variables.photo.id === photo.id;
  const startHiding = (photo: MerchantPhoto) => {
    setDone(null);
    moderate.reset();
    setHiding(photo);
  };
  // The lists are read again before the mutation ends: the photo's button says its new state when
  // the dialog closes and gives the focus back to it.
  const hide = (photo: MerchantPhoto, reason: HideReason) =>
    moderate.mutate(
      { reviewId, photo, reason },
      {
        onSuccess: () => {
          setHiding(null);
          setDone(t.hiddenDone);
        },
      },
    );
  const show = (photo: MerchantPhoto) => {
    setDone(null);
    moderate.mutate({ reviewId, photo, reason: null }, { onSuccess: () => setDone(t.shownDone) });
  };
  const action = (photo: MerchantPhoto) =>
    canModerate ? <PhotoAction photo={photo} reviewer={reviewer} busy={busyFor(photo)} onHide={() => startHiding(photo)} onShow={() => show(photo)} /> : null;
  const status = (
    <div aria-live="polite" className="empty:hidden">
      {done && <SuccessAlert className="mt-3">{done}</SuccessAlert>}
      {moderate.isError && !hiding && <ErrorAlert className="mt-3">{moderate.error.message || t.actionError}</ErrorAlert>}
    </div>
  );

  return (
    <>
      <ul aria-label={t.listLabel(reviewer)} className="mt-3 flex flex-wrap gap-3">
        {photos.map((photo) => (
          <li key={photo.id} className="flex flex-col items-start gap-2">
            <button
              type="button"
              onClick={() => setViewing(photo.id)}
              aria-label={photo.hidden ? t.openHidden(photo.position, reviewer) : t.open(photo.position, reviewer)}
              className="relative block overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              {/* Its sizes reserve its space before it loads; off screen, it loads when scrolled to. */}
              <img
                src={photo.thumb_url}
                width={photo.thumb_width}
                height={photo.thumb_height}
                loading="lazy"
                decoding="async"
                alt=""
                className={cx('h-20 w-auto max-w-48 object-cover', photo.hidden && 'opacity-40')}
              />
              {photo.hidden && (
                <span className="absolute inset-x-0 bottom-0 inline-flex items-center justify-center gap-1 bg-amber-100 px-1 py-0.5 text-xs font-medium text-amber-900">
                  <EyeOff aria-hidden="true" className="size-3" />
                  {t.hiddenMark}
                </span>
              )}
            </button>
            {inlineActions && action(photo)}
          </li>
        ))}
      </ul>
      {!viewed && status}
      {viewed && (
        <PhotoViewer
          photos={photos}
          photo={viewed}
          reviewer={reviewer}
          onShow={(photo) => setViewing(photo.id)}
          onClose={() => {
            setViewing(null);
            setDone(null);
          }}
          action={action(viewed)}
          status={status}
        />
      )}
      {hiding && (
        <HideReviewDialog
          subject="photo"
          reviewer={t.whose(hiding.position, reviewer)}
          busy={moderate.isPending}
          error={moderate.isError ? moderate.error.message || t.actionError : null}
          onConfirm={(reason) => hide(hiding, reason)}
          onCancel={() => {
            moderate.reset();
            setHiding(null);
          }}
        />
      )}
    </>
  );
}

/**
 * One button whose words follow the photo's state: after hiding, the dialog gives the focus back to
 * it, now « Afficher à nouveau ».
 */
function PhotoAction({ photo, reviewer, busy, onHide, onShow }: { photo: MerchantPhoto; reviewer: string; busy: boolean; onHide: () => void; onShow: () => void }) {
  return (
    <button
      type="button"
      onClick={photo.hidden ? onShow : onHide}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={photo.hidden ? t.showLabel(photo.position, reviewer) : t.hideLabel(photo.position, reviewer)}
      className={buttonClass('secondary', 'sm')}
    >
      {photo.hidden ? (busy ? t.showing : t.show) : t.hide}
    </button>
  );
}

/** The enlarged view: the full photo, its state, the review's other photos, and its moderation. */
function PhotoViewer({
  photos,
  photo,
  reviewer,
  onShow,
  onClose,
  action,
  status,
}: {
  photos: readonly MerchantPhoto[];
  photo: MerchantPhoto;
  reviewer: string;
  onShow: (photo: MerchantPhoto) => void;
  onClose: () => void;
  action: ReactNode;
  status: ReactNode;
}) {
  const index = photos.indexOf(photo);
  const count = photos.length;
  // Round the list, so that neither button is ever disabled under the focus.
  const step = (by: number) => onShow(photos[(index + by + count) % count]!);
  return (
    <Modal title={t.title(photo.position, count, reviewer)} onClose={onClose} size="xl">
      <figure>
        {/* The stored sizes reserve the photo's space while it loads; the screen's height bounds it. */}
        <img
          src={photo.url}
          width={photo.width}
          height={photo.height}
          alt={t.alt(photo.position, reviewer)}
          className={cx('mx-auto block h-auto max-h-[70vh] w-auto max-w-full rounded-lg bg-slate-100', photo.hidden && 'opacity-60')}
        />
        {photo.hidden && photo.hidden_reason && (
          <figcaption className="mt-3 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
            <EyeOff aria-hidden="true" className="size-4" />
            {t.hiddenState(messages.reviewStatus.reasons[photo.hidden_reason])}
          </figcaption>
        )}
      </figure>
      {status}
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-2">
          {count > 1 && (
            <>
              <button type="button" onClick={() => step(-1)} className={buttonClass('secondary', 'sm')}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                {t.previous}
              </button>
              <button type="button" onClick={() => step(1)} className={buttonClass('secondary', 'sm')}>
                {t.next}
                <ChevronRight aria-hidden="true" className="size-4" />
              </button>
            </>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {action}
          <button type="button" onClick={onClose} className={buttonClass('primary', 'sm')}>
            {t.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
