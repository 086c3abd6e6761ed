import type { WishItem } from '@dukkan/contracts/wish';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { useSignedInUser } from '../../app/hooks';
import { useNamedAction, useProductActions } from '../../components/product-actions';
import { ProductLine } from '../../components/product-line';
import { errorMessageOf } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import { notify } from '../../lib/notify';
import { productPath } from '../../lib/product-path';
import { useDocumentTitle } from '../../lib/use-document-title';

import { useWishArgs, useWishList } from './use-wishlist';
import { useRemoveFromWishListMutation } from './wish-api';

/**
 * One saved product: photo, title, description, 'Move To Cart' (adds it to the cart, then takes
 * it off the list — if the add fails, it stays) and 'Remove'.
 */
function WishListItem({ item }: { item: WishItem }) {
  const { t } = useTranslation('shopping');
  const named = useNamedAction();
  const actions = useProductActions();
  const args = useWishArgs();
  const [remove, removeState] = useRemoveFromWishListMutation();
  const { product } = item;

  async function removeItem(): Promise<void> {
    if (!args) return;
    const result = await remove({ ...args, productId: product._id });
    if ('error' in result) void notify('error', errorMessageOf(result.error) ?? t('wishlist.removeFailed'));
  }

  async function moveToCart(): Promise<void> {
    if (await actions.addToCart(product, 1)) await removeItem();
  }

  const busy = removeState.isLoading;
  return (
    <ProductLine thumbnail={product.thumbnail} size={120} busy={busy}>
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5, alignContent: 'start' }}>
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
          <Link href={productPath(product._id)} underline="hover" sx={{ color: 'text.primary' }}>
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
        <MoveToCartButton label={named(t('wishlist.moveToCart'), product.title)} text={t('wishlist.moveToCart')} onMove={moveToCart} disabled={busy} />
        <Button variant="outlined" onClick={() => void removeItem()} loading={busy} aria-label={named(t('wishlist.remove'), product.title)}>
          {t('wishlist.remove')}
        </Button>
      </Box>
    </ProductLine>
  );
}

function MoveToCartButton({ label, text, onMove, disabled }: { label: string; text: string; onMove: () => Promise<void>; disabled: boolean }) {
  const [moving, setMoving] = useState(false);
  return (
    <Button
      variant="contained"
      disabled={disabled}
      loading={moving}
      aria-label={label}
      onClick={() => {
        setMoving(true);
        void onMove().finally(() => setMoving(false));
      }}
    >
      {text}
    </Button>
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

/** `/wishlist` (spec section 2): 'My Wish List', the saved products, or 'Your Wish list is empty!'. */
export function WishlistPage() {
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('wishlist.title') }));
  const user = useSignedInUser();
  const { data, isLoading, isError, refetch } = useWishList();

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
          <WishListItem key={item.product._id} item={item} />
        ))}
      </Box>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('wishlist.title')}
      </Typography>
      {body}
    </Box>
  );
}
