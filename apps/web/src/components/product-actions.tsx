import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { TFunction } from 'i18next';
import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../lib/notify';

/** What a product's buttons need to know of it. */
export interface ActionProduct {
  _id: string;
  title: string;
}

/**
 * What the product buttons (heart, Add, Add to card, Add to list) do. The cart and wishlist
 * features provide the real thing through `ProductActionsProvider`; until they exist, the main
 * layout provides `interimProductActions` (docs/decisions/0010-product-buttons-before-cart.md).
 */
export interface ProductActions {
  isInWishlist: (productId: string) => boolean;
  toggleWishlist: (product: ActionProduct) => void;
  addToCart: (product: ActionProduct, quantity: number) => void;
}

/**
 * Before the cart and wishlist exist: the buttons are there and answer with a toast, never
 * with an error. A guest is told the wish list needs signing in (spec section 6: the wishlist
 * is for signed-in shoppers only); nothing is stored.
 */
export function interimProductActions(t: TFunction<'catalog'>, signedIn: boolean): ProductActions {
  return {
    isInWishlist: () => false,
    toggleWishlist: () => void notify(signedIn ? 'blank' : 'error', signedIn ? t('product.wishlistSoon') : t('product.wishlistSignIn')),
    addToCart: () => void notify('blank', t('product.cartSoon')),
  };
}

const ProductActionsContext = createContext<ProductActions | null>(null);

export const ProductActionsProvider = ProductActionsContext.Provider;

/** The product actions of the page; a guest's interim actions when nothing provides them. */
export function useProductActions(): ProductActions {
  const provided = useContext(ProductActionsContext);
  const { t } = useTranslation('catalog');
  const fallback = useMemo(() => interimProductActions(t, false), [t]);
  return provided ?? fallback;
}

/** The heart: outlined adds to the wish list, filled (in the list) removes from it. */
export function WishlistToggle({ product, size = 'medium' }: { product: ActionProduct; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('catalog');
  const actions = useProductActions();
  const inWishlist = actions.isInWishlist(product._id);
  return (
    <IconButton
      size={size}
      onClick={() => actions.toggleWishlist(product)}
      aria-label={inWishlist ? t('product.removeFromWishlist', { title: product.title }) : t('product.addToWishlist', { title: product.title })}
      sx={{
        bgcolor: 'background.paper',
        color: inWishlist ? '#d32f2f' : 'text.primary',
        boxShadow: '0 1px 4px rgba(4, 30, 66, 0.18)',
        '&:hover': { bgcolor: '#f2f8fd' },
      }}
    >
      {inWishlist ? <FavoriteIcon fontSize="small" /> : <FavoriteBorderIcon fontSize="small" />}
    </IconButton>
  );
}

/**
 * The card's "Add" button (or `label`, e.g. search's "Add to cart"); its accessible name says
 * what is added ("Add Olive oil to cart").
 */
export function AddToCartButton({
  product,
  label,
  ...props
}: { product: ActionProduct; label?: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { t } = useTranslation('catalog');
  const actions = useProductActions();
  return (
    <Button
      variant="contained"
      size="small"
      onClick={() => actions.addToCart(product, 1)}
      aria-label={t('product.addLabel', { title: product.title })}
      {...props}
    >
      {label ?? t('product.add')}
    </Button>
  );
}
