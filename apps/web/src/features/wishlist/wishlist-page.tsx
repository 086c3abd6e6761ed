import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import type { WishItem } from '@dukkan/contracts/wish';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { useSignedInUser } from '../../app/hooks';
import { useNamedAction, useProductActions } from '../../components/product-actions';
import { ProductLine } from '../../components/product-line';
import { errorMessageOf } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal';

import { useWishArgs, useWishList } from './use-wishlist';
import { useRemoveFromWishListMutation } from './wish-api';

/** The id of an item's title link, where focus goes when the item beside it leaves the list. */
function itemLinkId(productId: string): string {
  return `wish-item-${productId}`;
}

/** A button while the item's other action runs: unavailable, and it looks it. */
const waitingSx = { '&[aria-disabled="true"]': { color: 'action.disabled', borderColor: 'action.disabledBackground', cursor: 'default' } } as const;

interface WishListItemProps {
  item: WishItem;
  /** Remove or Move To Cart was pressed: the list decides where focus goes once the item has left it. */
  onRemoveStart: (productId: string) => void;
  /** The item stays (the add or the removal was refused), and so does focus. */
  onRemoveFailed: (productId: string) => void;
}

/**
 * One saved product: photo, title, description, 'Move To Cart' (adds it to the cart, then takes
 * it off the list — if the add fails, it stays) and 'Remove'. While either runs, its button is
 * `aria-busy` (the page's style shows it) and the other `aria-disabled`; neither is disabled, so
 * the one pressed keeps the keyboard focus.
 */
function WishListItem({ item, onRemoveStart, onRemoveFailed }: WishListItemProps) {
  const { t } = useTranslation('shopping');
  const named = useNamedAction();
  const actions = useProductActions();
  const args = useWishArgs();
  const [remove, removeState] = useRemoveFromWishListMutation();
  const [moving, setMoving] = useState(false);
  const { product } = item;
  const removing = removeState.isLoading && !moving;

  async function removeItem(): Promise<boolean> {
    if (!args) return false;
    const result = await remove({ ...args, productId: product._id });
    if ('error' in result) void notify('error', errorMessageOf(result.error) ?? t('wishlist.removeFailed'));
    return !('error' in result);
  }

  // A second press before the render that shows the first as busy must not start it again.
  const running = useRef(false);
  async function once(action: () => Promise<void>): Promise<void> {
    if (running.current) return;
    running.current = true;
    try {
      await action();
    } finally {
      running.current = false;
    }
  }

  const removeOnly = () =>
    once(async () => {
      onRemoveStart(product._id);
      if (!(await removeItem())) onRemoveFailed(product._id);
    });

  const moveToCart = () =>
    once(async () => {
      setMoving(true);
      onRemoveStart(product._id);
      try {
        if (!((await actions.addToCart(product, 1)) && (await removeItem()))) onRemoveFailed(product._id);
      } finally {
        setMoving(false);
      }
    });

  return (
    <ProductLine thumbnail={product.thumbnail} size={120} busy={moving || removing}>
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5, alignContent: 'start' }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          <Link id={itemLinkId(product._id)} href={storefrontPaths.product(product._id)} underline="hover" sx={{ color: 'text.primary' }}>
            {product.title}
          </Link>
        </Typography>
        <Typography sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>{product.description}</Typography>
        <Typography sx={{ fontWeight: 700 }}>
          <bdi dir="ltr">{formatPrice(product.price)}</bdi>
        </Typography>
        {product.quantity === 0 ? <Typography sx={{ color: 'error.main', fontSize: '0.85rem', fontWeight: 600 }}>{t('wishlist.outOfStock')}</Typography> : null}
      </Box>
      <Box sx={{ gridColumn: { xs: '2', sm: 'auto' }, display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, gap: 1, alignItems: 'stretch' }}>
        <Button
          variant="contained"
          onClick={() => void moveToCart()}
          aria-busy={moving || undefined}
          aria-disabled={removing || undefined}
          aria-label={named(t('wishlist.moveToCart'), product.title)}
          sx={waitingSx}
        >
          {t('wishlist.moveToCart')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void removeOnly()}
          aria-busy={removing || undefined}
          aria-disabled={moving || undefined}
          aria-label={named(t('wishlist.remove'), product.title)}
          sx={waitingSx}
        >
          {t('wishlist.remove')}
        </Button>
      </Box>
    </ProductLine>
  );
}

/** A guest's /wishlist: the list needs signing in (spec section 6); the link comes back here. */
function SignInPrompt() {
  const { t } = useTranslation('shopping');
  const location = useLocation();
  return (
    <Box sx={{ textAlign: 'center', py: 8, display: 'grid', justifyItems: 'center', gap: 2 }}>
      <FavoriteBorderIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
      <Typography>{t('wishlist.signInText')}</Typography>
      <Button component={RouterLink} to="/login" state={{ from: `${location.pathname}${location.search}` }} variant="contained">
        {t('wishlist.signIn')}
      </Button>
    </Box>
  );
}

/**
 * `/wishlist` (spec section 2): 'My Wish List', the saved products, or 'Your Wish list is empty!'.
 * An item that leaves the list hands the focus to the item beside it, or to the heading.
 */
export function WishlistPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('wishlist.title') }));
  const user = useSignedInUser();
  const { data, isLoading, isError, refetch } = useWishList();
  const itemIds = useMemo(() => data?.items.map((item) => item.product._id), [data]);
  const { headingRef, removing, removalFailed } = useFocusAfterRemoval(itemIds, itemLinkId);

  let body;
  if (!user) {
    body = <SignInPrompt />;
  } else if (isLoading) {
    body = (
      <Box sx={{ py: 8, display: 'grid', justifyItems: 'center' }}>
        <CircularProgress aria-label={t('wishlist.loading')} />
      </Box>
    );
  } else if (isError && !data) {
    body = (
      <Box role="alert" sx={{ py: 6, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 2 }}>
        <Typography>{t('wishlist.loadError')}</Typography>
        <Button variant="outlined" onClick={() => void refetch()}>
          {t('wishlist.retry')}
        </Button>
      </Box>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <Box sx={{ textAlign: 'center', py: 8, display: 'grid', justifyItems: 'center', gap: 2 }}>
        <FavoriteBorderIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>{t('wishlist.empty')}</Typography>
      </Box>
    );
  } else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxWidth: 960 }}>
        {data.items.map((item) => (
          <WishListItem key={item.product._id} item={item} onRemoveStart={removing} onRemoveFailed={removalFailed} />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      {/* Focus comes here when the last item leaves the list. */}
      <Typography ref={headingRef} variant="h1" tabIndex={-1} sx={{ mb: 2 }}>
        {t('wishlist.title')}
      </Typography>
      {body}
    </Box>
  );
}
