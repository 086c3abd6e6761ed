import type { Product, ProductDetail } from '@dukkan/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { DeliveryTiles } from '../../components/delivery-tiles';
import { NowPrice, WasPrice } from '../../components/price';
import { useAddToCart, useProductActions } from '../../components/product-actions';
import { ProductPromotion } from '../../components/product-promotion';
import { RatingStars } from '../../components/rating-stars';
import { arrivalDate, formatDeliveryDate } from '../../lib/delivery-date';
import { notify } from '../../lib/notify';
import { useLanguage } from '../../lib/use-language';
import { useToday } from '../../lib/use-today';

/** Shipping (free, arriving in three days), pickup and delivery (not available). */
export function DeliveryOptions({ today: givenToday }: { today?: Date }) {
  const { t } = useTranslation('catalog');
  const today = useToday();
  const lng = useLanguage();
  const tiles = [
    { key: 'shipping', name: t('details.shipping'), lines: [t('details.arrives', { date: formatDeliveryDate(arrivalDate(givenToday ?? today), lng) }), t('details.free')] },
    { key: 'pickup', name: t('details.pickup'), lines: [t('details.notAvailable')] },
    { key: 'delivery', name: t('details.delivery'), lines: [t('details.notAvailable')] },
  ];
  return (
    <section aria-labelledby="delivery-options-title">
      <h2 id="delivery-options-title" className="dk-buy-box__subtitle">
        {t('details.deliveryTitle')}
      </h2>
      <DeliveryTiles tiles={tiles} />
    </section>
  );
}

/**
 * The rating in place of the spec's fixed '(3.3) 5176 reviews' (issue #36): the stars and
 * '(4.3) 12 reviews' (the rating with one decimal and the number of reviews), a link to the
 * page's Reviews, from approved reviews only; 'No reviews yet' for a product nobody has reviewed
 * (rating 0), with no stars.
 */
function BuyBoxRating({ product }: { product: Pick<Product, 'rating' | 'reviewCount'> }) {
  const { t } = useTranslation('catalog');
  if (product.reviewCount === 0) return <p className="dk-buy-box__muted">{t('details.noReviews')}</p>;
  const rating = product.rating.toFixed(1);
  return (
    <div className="dk-buy-box__rating">
      <RatingStars value={product.rating} label={t('details.ratingLabel', { rating })} />
      <a href="#reviews" className="dk-buy-box__reviews">
        {t('details.reviews', { rating, count: product.reviewCount })}
      </a>
    </div>
  );
}

/**
 * The product page's side card (spec section 2): badges ('Best seller' on one of its
 * department's best sellers, which the API works out; 'Reduced price' on a product with a list
 * price), title (the page's h1), description, rating, price ("Was $X" beside it on a reduced
 * product), Buy Now, Add to card, delivery options, "Delivery to" and Add to list.
 * Plain elements styled by app/shop.css (`.dk-buy-box`, decision 0027): the card is above the fold
 * and hydrates with the page, where styled components each cost style work.
 */
export function ProductBuyBox({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const actions = useProductActions();
  const adding = useAddToCart(product);
  const buying = useAddToCart(product);

  /** 'Add to list' only adds: a product already in the list stays there (the heart removes). */
  function addToList() {
    if (actions.isInWishlist(product._id)) void notify('blank', t('product.alreadyInWishlist'));
    else actions.toggleWishlist(product);
  }

  /** Buy Now adds one, waits for the cart to hold it, then opens the cart. */
  async function buyNow() {
    if (await buying.add()) await navigate('/cart');
  }

  return (
    <section aria-labelledby="product-title" className="dk-buy-box">
      {product.bestSeller || product.listPrice !== null ? (
        <div className="dk-buy-box__badges">
          {product.bestSeller ? <span className="dk-chip dk-chip--blue">{t('details.bestSeller')}</span> : null}
          {product.listPrice === null ? null : <span className="dk-chip dk-chip--yellow">{t('details.reducedPrice')}</span>}
        </div>
      ) : null}
      <div>
        <p className="dk-buy-box__brand">{t('details.brand', { brand: product.brand })}</p>
        <h1 id="product-title" className="dk-buy-box__title">
          {product.title}
        </h1>
      </div>
      <p className="dk-buy-box__description">{product.description}</p>
      <BuyBoxRating product={product} />
      <div>
        <div className="dk-buy-box__prices">
          <p className="dk-buy-box__price">
            <NowPrice price={product.price} />
          </p>
          {product.listPrice === null ? null : (
            <>
              {' '}
              <p className="dk-buy-box__was">
                <WasPrice listPrice={product.listPrice} />
              </p>
            </>
          )}
        </div>
        <p className="dk-buy-box__muted">{t('details.priceWhenPurchased')}</p>
        <ProductPromotion product={product} className="dk-buy-box__promo" />
      </div>
      <div className="dk-buy-box__actions">
        <button
          type="button"
          className="dk-button dk-button--contained dk-button--large"
          onClick={() => void buyNow()}
          aria-busy={buying.busy || undefined}
        >
          {t('details.buyNow')}
        </button>
        <button
          type="button"
          className="dk-button dk-button--outlined dk-button--large"
          onClick={() => void adding.add()}
          aria-busy={adding.busy || undefined}
        >
          {t('details.addToCart')}
        </button>
      </div>
      <DeliveryOptions />
      <p className="dk-buy-box__note">{t('details.deliveryTo')}</p>
      <button type="button" className="dk-link-button" onClick={addToList}>
        {t('details.addToList')}
      </button>
    </section>
  );
}
