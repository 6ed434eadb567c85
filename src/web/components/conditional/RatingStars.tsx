import { Star } from 'lucide-react';
import { cx } from '#web/lib/cx';
import { RATINGS, type Rating } from './rating-actions';

/** docs/product/limits.md, rating colours: 5 green, 4 cyan, 3 yellow, 2 orange, 1 red. */
export const ratingColours: Record<Rating, { star: string; accent: string }> = {
  5: { star: 'fill-green-500 text-green-600', accent: 'border-l-green-500' },
  4: { star: 'fill-cyan-500 text-cyan-600', accent: 'border-l-cyan-500' },
  3: { star: 'fill-yellow-400 text-yellow-500', accent: 'border-l-yellow-400' },
  2: { star: 'fill-orange-500 text-orange-600', accent: 'border-l-orange-500' },
  1: { star: 'fill-red-500 text-red-600', accent: 'border-l-red-500' },
};

/**
 * `rating` filled stars in the rating's colour out of five. Decorative: the caller shows the text
 * equivalent ("5 étoiles").
 */
export function RatingStars({ rating, className }: { rating: Rating; className?: string }) {
  return (
    <span aria-hidden="true" className={cx('inline-flex gap-0.5', className)}>
      {[...RATINGS].reverse().map((position) => (
        <Star
          key={position}
          data-filled={position <= rating ? 'true' : 'false'}
          className={cx('size-5', position <= rating ? ratingColours[rating].star : 'fill-none text-slate-300')}
        />
      ))}
    </span>
  );
}
