import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useHydrated } from '../lib/use-hydrated';

import { Icon } from './icons';

/** What a product's buttons need to know of it. */
export interface ActionProduct {
  _id: string;
  title: string;
}

/**
 * What the product buttons (heart, Add, Add to card, Buy Now, Add to list, Move To Cart) do. The
 * main layout provides the real thing, built from the cart and wishlist features, through
 * `ProductActionsProvider`; components stay free of features (docs/decisions/0010).
 */
export interface ProductActions {
  isInWishlist: (productId: string) => boolean;
  /** Adds or removes; the provider tells the shopper (toast, or the sign-in prompt for a guest). */
  toggleWishlist: (product: ActionProduct) => void;
  /** Adds `quantity` and tells the shopper; resolves `true` once the cart holds it. */
  addToCart: (product: ActionProduct, quantity: number) => Promise<boolean>;
}

/** Without a provider (a component test, a page outside the main layout): nothing is stored. */
const inertProductActions: ProductActions = {
  isInWishlist: () => false,
  toggleWishlist: () => undefined,
  addToCart: () => Promise.resolve(false),
};

const ProductActionsContext = createContext<ProductActions>(inertProductActions);

export const ProductActionsProvider = ProductActionsContext.Provider;

/** The product actions of the page. */
export function useProductActions(): ProductActions {
  return useContext(ProductActionsContext);
}

/**
 * A product button's accessible name: its visible words first, then the product ("Add to cart,
 * Olive oil"), so a voice-control user can say what they see (WCAG 2.5.3, Label in Name).
 */
export function useNamedAction(): (action: string, title: string) => string {
  const { t } = useTranslation('catalog');
  return (action, title) => t('product.namedAction', { action, title });
}

/**
 * Runs the cart add of a button and reports whether its request is still running, so the
 * button can show it is busy and a second press does not add twice.
 */
export function useAddToCart(product: ActionProduct): { busy: boolean; add: (quantity?: number) => Promise<boolean> } {
  const actions = useProductActions();
  const [busy, setBusy] = useState(false);
  async function add(quantity = 1): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    try {
      return await actions.addToCart(product, quantity);
    } finally {
      setBusy(false);
    }
  }
  return { busy, add };
}

/** The heart: outlined adds to the wish list, filled (in the list) removes from it. */
export function WishlistToggle({ product, size = 'medium' }: { product: ActionProduct; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('catalog');
  const actions = useProductActions();
  // Outlined, as the server rendered it, until the page (or the part it is in) is live.
  const inWishlist = useHydrated() && actions.isInWishlist(product._id);
  return (
    <button
      type="button"
      className={`dk-icon-button dk-heart${size === 'small' ? ' dk-icon-button--small' : ''}`}
      onClick={() => actions.toggleWishlist(product)}
      aria-label={inWishlist ? t('product.removeFromWishlist', { title: product.title }) : t('product.addToWishlist', { title: product.title })}
      aria-pressed={inWishlist}
    >
      <Icon name={inWishlist ? 'favorite' : 'favoriteBorder'} small />
    </button>
  );
}

/**
 * The card's "Add" button (or `label`, e.g. search's "Add to cart"). Its accessible name starts
 * with the visible words ("Add, Olive oil"); while the cart request runs it is `aria-busy` (the
 * page's style shows it) and ignores presses, but stays enabled: a disabled button would drop the
 * keyboard's focus. A plain button styled by app/shop.css (decision 0027): cards show it by the dozen.
 */
export function AddToCartButton({ product, label, size = 'small', className }: { product: ActionProduct; label?: string; size?: 'small' | 'medium'; className?: string }) {
  const { t } = useTranslation('catalog');
  const named = useNamedAction();
  const { busy, add } = useAddToCart(product);
  const visible = label ?? t('product.add');
  return (
    <button
      type="button"
      className={['dk-button dk-button--contained', size === 'small' ? 'dk-button--small' : '', className ?? ''].filter(Boolean).join(' ')}
      onClick={() => void add()}
      aria-busy={busy || undefined}
      aria-label={named(visible, product.title)}
    >
      {visible}
    </button>
  );
}
