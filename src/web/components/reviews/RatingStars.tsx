import { Star } from 'lucide-react';
import { cx } from '#web/lib/cx';

/** A rating as five stars, read out by its label ('4 étoiles sur 5'). */
export function RatingStars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} aria-hidden="true" className={cx('size-4', i <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} />
      ))}
    </span>
  );
}
