import type { CartLine } from '@dukkan/contracts/cart';
import { MIN_LINE_QUANTITY } from '@dukkan/contracts/cart';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ProductLine } from '../../components/product-line';
import { errorMessageOf } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import { notify } from '../../lib/notify';
import { productPath } from '../../lib/product-path';

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

/** The line's other buttons while one's change is in flight: unavailable, and they look it. */
const waitingSx = { '&[aria-disabled="true"]': { color: 'action.disabled', cursor: 'default' } } as const;

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
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5, alignContent: 'start' }}>
        <Link id={cartLineLinkId(product._id)} href={productPath(product._id)} underline="hover" sx={{ color: 'text.primary', fontWeight: 600 }}>
          {product.title}
        </Link>
        <Typography sx={{ fontSize: '0.85rem', color: 'text.secondary', overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' }}>
          {product.description}
        </Typography>
        {product.listPrice !== null ? (
          <Typography sx={{ fontSize: '0.85rem', color: 'text.secondary' }}>
            {`${t('cart.was')} `}
            <Box component="s" sx={{ textDecoration: 'line-through' }}>
              <Amount value={product.listPrice} />
            </Box>
          </Typography>
        ) : null}
        {priceChanged ? (
          <Typography sx={{ fontSize: '0.85rem', color: '#6b4a00', fontWeight: 600 }}>
            {t('cart.priceChanged', { price: formatPrice(line.priceWhenAdded) })}
          </Typography>
        ) : null}
        {short ? (
          <Typography sx={{ fontSize: '0.85rem', color: 'error.main', fontWeight: 600 }}>
            {product.quantity === 0 ? t('cart.outOfStock') : t('cart.onlyLeft', { count: product.quantity })}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
          <Box
            role="group"
            aria-label={t('cart.quantity')}
            sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 5 }}
          >
            <IconButton
              size="small"
              onClick={() => change('decrease', quantity - 1)}
              {...waiting('decrease')}
              aria-label={t('cart.decrease', { title: product.title })}
              sx={waitingSx}
            >
              <RemoveIcon fontSize="small" />
            </IconButton>
            <Typography component="output" aria-live="polite" sx={{ minWidth: 32, textAlign: 'center', fontWeight: 700 }}>
              {busy ? <CircularProgress size={14} aria-hidden="true" /> : quantity}
            </Typography>
            <IconButton
              size="small"
              onClick={() => change('increase', quantity + 1)}
              {...waiting('increase')}
              aria-label={t('cart.increase', { title: product.title })}
              sx={waitingSx}
            >
              <AddIcon fontSize="small" />
            </IconButton>
          </Box>
          <IconButton size="small" onClick={removeLine} {...waiting('remove')} aria-label={t('cart.remove', { title: product.title })} sx={waitingSx}>
            <DeleteOutlinedIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
      <Box sx={{ gridColumn: { xs: '2', sm: 'auto' }, textAlign: { sm: 'end' } }}>
        <Typography sx={{ fontWeight: 800, fontSize: '1.05rem' }}>
          <Amount value={(Math.round(product.price * 100) * quantity) / 100} />
        </Typography>
        {quantity > 1 ? (
          <Typography sx={{ fontSize: '0.8rem', color: 'text.secondary' }}>{t('cart.each', { price: formatPrice(product.price) })}</Typography>
        ) : null}
      </Box>
    </ProductLine>
  );
}
