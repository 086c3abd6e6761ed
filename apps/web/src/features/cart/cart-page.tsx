import type { Cart } from '@dukkan/contracts/cart';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { DeliveryTiles } from '../../components/delivery-tiles';
import { Disclosure } from '../../components/disclosure';
import { Icon } from '../../components/icons';
import { ProductCarouselSection } from '../../components/product-carousel-section';
import { arrivalDate, formatDeliveryDate } from '../../lib/delivery-date';
import { PRODUCT_ROW_SLIDER } from '../../lib/slider-settings';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal';
import { useLanguage } from '../../lib/use-language';
import { useToday } from '../../lib/use-today';

import { useGetRecommendationsQuery } from './cart-api';
import { CartLineRow, cartLineLinkId } from './cart-line';
import { CartSummary } from './cart-summary';
import { useCart } from './use-cart';

/** Shipping (free, with its arrival date), pickup and delivery (not available): three static tiles. */
function CartDeliveryTiles({ arrives }: { arrives: string }) {
  const { t } = useTranslation('shopping');
  return (
    <DeliveryTiles
      tiles={[
        { key: 'shipping', name: t('cart.shipping'), lines: [t('cart.arrives', { date: arrives }), t('cart.free')] },
        { key: 'pickup', name: t('cart.pickup'), lines: [t('cart.notAvailable')] },
        { key: 'delivery', name: t('cart.delivery'), lines: [t('cart.notAvailable')] },
      ]}
    />
  );
}

/** The cart's departments, the one with most items first: where recommendations come from. */
function departmentsOf(cart: Cart): string[] {
  const counts = new Map<string, number>();
  for (const line of cart.items) counts.set(line.product.category, (counts.get(line.product.category) ?? 0) + line.quantity);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([category]) => category);
}

/** 'Recommended with your order': 15 real products of the cart's departments, none already in it. */
function Recommendations({ cart }: { cart: Cart }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const categories = useMemo(() => departmentsOf(cart), [cart]);
  const exclude = useMemo(() => cart.items.map((line) => line.product._id).sort(), [cart]);
  const { data, isLoading, isError } = useGetRecommendationsQuery(categories.length > 0 ? { lng, categories, exclude } : skipToken);
  return (
    <ProductCarouselSection title={t('cart.recommended')} settings={PRODUCT_ROW_SLIDER} products={data} isLoading={isLoading} isError={isError} />
  );
}

/**
 * The empty cart. `pending`: the cart is not known yet, and it shows only where the browser stores
 * no session (`<html data-stored-session>` absent, app/shop.css): such a browser has no cart.
 */
function EmptyCart({ pending = false }: { pending?: boolean }) {
  const { t } = useTranslation('shopping');
  return (
    <div className={pending ? 'dk-cart-empty dk-cart-empty--pending' : 'dk-cart-empty'}>
      <Icon name="cart" className="dk-cart-empty__icon" />
      <p className="dk-cart-empty__text">{t('cart.empty')}</p>
      <Link to="/" className="dk-button dk-button--contained">
        {t('cart.continueShopping')}
      </Link>
    </div>
  );
}

/**
 * `/cart` (spec section 2): heading with the item count; the delivery options and the cart's
 * lines in two sections that open with the page; the summary panel; recommendations. A
 * full-screen overlay covers the page while the cart first loads. A removed line hands the
 * focus to the line beside it, or to the heading.
 *
 * The cart belongs to the browser's session (its stored token), so the server renders the page
 * as it is while the cart loads: the heading, without a count, and both the loading overlay and
 * the empty cart, of which the page's style shows the one that `<html data-stored-session>` (set
 * before the first paint, lib/stored-session.ts) calls for. The browser's first render, before
 * the page is live, is the same; the cart then loads.
 */
export function CartPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  const lng = useLanguage();
  useDocumentTitle(tCommon('pageTitle', { page: t('cart.title') }));
  const { data: cart, isError, refetch } = useCart();
  const arrives = formatDeliveryDate(arrivalDate(useToday()), lng);
  // Not known yet: before the page is live (and on the server), or while the cart first loads.
  const pending = cart === undefined && !isError;
  const lineIds = useMemo(() => cart?.items.map((line) => line.product._id), [cart]);
  const { headingRef, removing, removalFailed } = useFocusAfterRemoval(lineIds, cartLineLinkId);

  let body: ReactNode = null;
  if (cart && cart.items.length > 0) {
    body = (
      <>
        <div className="dk-cart-layout">
          <div className="dk-cart-layout__main">
            <Disclosure id="cart-delivery" title={t('cart.deliveryOptions')}>
              <CartDeliveryTiles arrives={arrives} />
            </Disclosure>
            <Disclosure id="cart-lines" title={t('cart.linesHeading', { date: arrives })}>
              <p className="dk-muted dk-cart-postcode">{t('cart.postcode')}</p>
              <ul aria-label={t('cart.linesLabel')} className="dk-cart-lines">
                {cart.items.map((line) => (
                  <CartLineRow key={line.product._id} line={line} onRemoveStart={removing} onRemoveFailed={removalFailed} />
                ))}
              </ul>
            </Disclosure>
          </div>
          <CartSummary cart={cart} />
        </div>
        <div className="dk-cart-recommended">
          <Recommendations cart={cart} />
        </div>
      </>
    );
  } else if (isError && !cart) {
    body = (
      <div role="alert" className="dk-load-error">
        <p>{t('cart.loadError')}</p>
        <button type="button" className="dk-button dk-button--outlined" onClick={() => void refetch()}>
          {t('cart.retry')}
        </button>
      </div>
    );
  } else {
    // The same element before and after the cart is known: a browser with no stored session
    // shows the empty cart from the first paint on, not once the scripts have run (decision 0042).
    body = <EmptyCart pending={pending} />;
  }

  return (
    <div className="dk-cart">
      {/* Focus comes here when the last line is removed. */}
      <h1 ref={headingRef} tabIndex={-1} className="dk-page-title dk-cart__title">
        {`${t('cart.title')} `}
        {cart ? <span className="dk-cart__count">{t('cart.count', { count: cart.count })}</span> : null}
      </h1>
      {body}
      {/* Spec section 2: a full-screen loading overlay while the cart loads (where there is one to load). */}
      {pending ? (
        <div className="dk-overlay dk-overlay--stored-session">
          <span role="progressbar" aria-label={t('cart.loading')} className="dk-spinner dk-spinner--light" />
        </div>
      ) : null}
    </div>
  );
}
