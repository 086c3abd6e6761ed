import type { Product } from '@dukkan/contracts/catalog';

import { formatCount } from '../lib/format-count';
import { useSharedT } from '../lib/use-shared-t';

import { RatingStars } from './rating-stars';

/**
 * A product's rating on a card or a search result: the stars and the number of reviews beside
 * them, one image named 'Rated 4.3 out of 5, 12 reviews' to a screen reader. Only the approved
 * reviews' figures, and nothing at all for a product nobody has reviewed (issue #36). A page
 * draws dozens: its texts come from `useSharedT`, not a `useTranslation` each.
 */
export function ProductRating({ product, className }: { product: Partial<Pick<Product, 'rating' | 'reviewCount'>>; className: string }) {
  const { t, lng } = useSharedT('catalog');
  const { rating = 0, reviewCount = 0 } = product;
  if (reviewCount <= 0) return null;
  const formatted = formatCount(reviewCount, lng);
  return (
    <p className={className}>
      <RatingStars value={rating} label={t('product.rating', { count: reviewCount, rating: rating.toFixed(1), formatted })} />
      <span aria-hidden="true">{formatted}</span>
    </p>
  );
}
