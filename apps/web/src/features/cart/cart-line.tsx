import type { CartLine } from '@dukkan/contracts/cart';
import { MIN_LINE_QUANTITY } from '@dukkan/contracts/limits';
import { lineTotal } from '@dukkan/contracts/money';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Icon } from '../../components/icons';
import { ProductLine } from '../../components/product-line';
import { errorMessageOf } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import { notify } from '../../lib/notify';

import { useRemoveFromCartMutation, useSetCartQuantityMutation } from './cart-api';

/** Spec section 9: the quantity toasts close after 3000 ms. */
export const QUANTITY_TOAST_MS = 3000;

function Amount({ value }: { value: number }) {
  return <bdi dir="ltr">{formatPrice(value)}</bdi>;
}

/** The id of a line's title link, where focus goes when the line beside it is removed. */
export function cartLineLinkId(productId: string): string {
  return `cart-line-${productId}`;
}

type LineButton = 'decrease' | 'increase' | 'remove';

export interface CartLineRowProps {
  line: CartLine;
  /** Remove was pressed: the list decides where focus goes once the line has left it. */
  onRemoveStart?: (productId: string) => void;
  /** The removal was refused: the line stays, and so does focus. */
  onRemoveFailed?: (productId: string) => void;
}

/**
 * One cart line: photo, title (to the product), price notes, −1 / quantity / +1 and remove
 * (spec section 2). The icon buttons are named by their action and the product ('Increase
 * quantity, Olive oil'). While a change is in flight the buttons wait: the one pressed is
 * `aria-busy` (the page's style shows it), the others `aria-disabled`; none is disabled, so the
 * one pressed keeps the keyboard focus for the next press. A refused change says why.
 */
export function CartLineRow({ line, onRemoveStart, onRemoveFailed }: CartLineRowProps) {
  const { t } = useTranslation('shopping');
  const [setQuantity, quantityState] = useSetCartQuantityMutation();
  const [remove, removeState] = useRemoveFromCartMutation();
  const { product, quantity } = line;
  // The button whose change is in flight.
  const [pressed, setPressed] = useState<LineButton | null>(null);
  const busy = pressed !== null || quantityState.isLoading || removeState.isLoading;
  // A second press before the render that shows the first as busy must not send a second change.
  const inFlight = useRef(false);

  async function run(button: LineButton, request: () => Promise<void>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setPressed(button);
    try {
      await request();
    } finally {
      inFlight.current = false;
      setPressed(null);
    }
  }

  /** A button's waiting state: busy if it was pressed, unavailable while another's change runs. */
  function waiting(button: LineButton) {
    return { 'aria-busy': pressed === button || undefined, 'aria-disabled': (busy && pressed !== button) || undefined };
  }

  function change(button: LineButton, next: number) {
    if (inFlight.current) return;
    if (next < MIN_LINE_QUANTITY) {
      void notify('error', t('cart.minQuantity'), { duration: QUANTITY_TOAST_MS, id: 'cart-min-quantity' });
      return;
    }
    void run(button, async () => {
      const result = await setQuantity({ productId: product._id, quantity: next });
      if ('error' in result) void notify('error', errorMessageOf(result.error) ?? t('cart.changeFailed'), { duration: QUANTITY_TOAST_MS });
    });
  }

  function removeLine() {
    void run('remove', async () => {
      onRemoveStart?.(product._id);
      const result = await remove({ productId: product._id });
      if ('error' in result) {
        onRemoveFailed?.(product._id);
        void notify('error', errorMessageOf(result.error) ?? t('cart.changeFailed'));
      }
    });
  }

  const priceChanged = line.priceWhenAdded !== product.price;
  const short = product.quantity < quantity;

  return (
    <ProductLine thumbnail={product.thumbnail} size={96} busy={busy}>
      <div className="dk-cart-line">
        <Link id={cartLineLinkId(product._id)} to={storefrontPaths.product(product._id)} className="dk-cart-line__title">
          {product.title}
        </Link>
        <p className="dk-cart-line__description">{product.description}</p>
        {product.listPrice !== null ? (
          <p className="dk-cart-line__note">
            {`${t('cart.was')} `}
            <s>
              <Amount value={product.listPrice} />
            </s>
          </p>
        ) : null}
        {priceChanged ? <p className="dk-cart-line__note dk-cart-line__note--changed">{t('cart.priceChanged', { price: formatPrice(line.priceWhenAdded) })}</p> : null}
        {short ? (
          <p className="dk-cart-line__note dk-cart-line__note--short">
            {product.quantity === 0 ? t('cart.outOfStock') : t('cart.onlyLeft', { count: product.quantity })}
          </p>
        ) : null}
        <div className="dk-cart-line__controls">
          {/* The line's other buttons while one's change is in flight: unavailable, and they look it (app/shop.css). */}
          <div role="group" aria-label={t('cart.quantity')} className="dk-quantity">
            <button
              type="button"
              className="dk-icon-button dk-icon-button--small"
              onClick={() => change('decrease', quantity - 1)}
              {...waiting('decrease')}
              aria-label={t('cart.decrease', { title: product.title })}
            >
              <Icon name="remove" small />
            </button>
            <output aria-live="polite" className="dk-quantity__value">
              {busy ? <span className="dk-spinner dk-spinner--small" aria-hidden="true" /> : quantity}
            </output>
            <button
              type="button"
              className="dk-icon-button dk-icon-button--small"
              onClick={() => change('increase', quantity + 1)}
              {...waiting('increase')}
              aria-label={t('cart.increase', { title: product.title })}
            >
              <Icon name="add" small />
            </button>
          </div>
          <button
            type="button"
            className="dk-icon-button dk-icon-button--small"
            onClick={removeLine}
            {...waiting('remove')}
            aria-label={t('cart.remove', { title: product.title })}
          >
            <Icon name="delete" small />
          </button>
        </div>
      </div>
      <div className="dk-cart-line__amount">
        <p className="dk-cart-line__total">
          <Amount value={lineTotal(product.price, quantity)} />
        </p>
        {quantity > 1 ? <p className="dk-cart-line__each">{t('cart.each', { price: formatPrice(product.price) })}</p> : null}
      </div>
    </ProductLine>
  );
}
