import type { Product } from '@dukkan/contracts/catalog';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { PICTURE_SIZES, pictureProps } from '../lib/picture';

import { ProductPrice } from './price';
import { AddToCartButton, WishlistToggle } from './product-actions';
import { ProductPromotion } from './product-promotion';
import { ProductRating } from './product-rating';

export type ProductCardProduct = Pick<Product, '_id' | 'title' | 'price' | 'listPrice' | 'thumbnail'> &
  Partial<Pick<Product, 'rating' | 'reviewCount'>> & { category?: string };

/** Product pictures are square: 600 x 600 for the API's artwork. */
export const PRODUCT_IMAGE_SIZE = 600;

export interface ProductCardProps {
  product: ProductCardProduct;
  /** Replaces the card's buttons (by default the Add button). */
  actions?: ReactNode;
  /** `wide` puts the photo beside the text: one or two cards across a slider. */
  layout?: 'grid' | 'wide';
}

/**
 * A product in a grid or slider (spec section 2): photo, "Now $price" (and "Was $list-price" on
 * a reduced product), the title in two lines, the rating with its number of reviews when it has
 * any (issue #36), the automatic promotion it is part of (issue #35), a wish-list heart and an Add
 * button. The title links to `/details/{id}` and its link covers the whole card, so the photo
 * opens it too; the buttons sit above that link. Plain elements styled by app/shop.css (`.dk-card`): a page shows
 * dozens of cards, rendered on the server and hydrated in the browser, and a styled component
 * would cost a style serialisation each time (decision 0027).
 */
export function ProductCard({ product, actions, layout = 'grid' }: ProductCardProps) {
  return (
    <article className={layout === 'wide' ? 'dk-card dk-card--wide' : 'dk-card'}>
      <div className="dk-card__photo">
        <img {...pictureProps(product.thumbnail, PICTURE_SIZES.card, 640)} alt={product.title} width={PRODUCT_IMAGE_SIZE} height={PRODUCT_IMAGE_SIZE} loading="lazy" decoding="async" />
        <div className="dk-card__heart">
          <WishlistToggle product={product} size="small" />
        </div>
      </div>
      <div className="dk-card__text">
        <p className="dk-card__price">
          <ProductPrice product={product} />
        </p>
        {/* The link's box covers the card: clicking the photo opens the product as well. */}
        <RouterLink className="dk-card__title" to={storefrontPaths.product(product._id)}>
          {product.title}
        </RouterLink>
        <ProductRating product={product} className="dk-card__rating" />
        <ProductPromotion product={product} className="dk-card__promo" />
        <div className="dk-card__actions">{actions ?? <AddToCartButton product={product} className="dk-card__add" />}</div>
      </div>
    </article>
  );
}
