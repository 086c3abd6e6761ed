import type { Product } from '@dukkan/contracts/catalog';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { DeliveryTiles } from '../../components/delivery-tiles';
import { NowPrice, PRICE_GREEN, WasPrice } from '../../components/price';
import { useAddToCart, useProductActions } from '../../components/product-actions';
import { RatingStars } from '../../components/rating-stars';
import { arrivalDate, formatDeliveryDate } from '../../lib/delivery-date';
import { notify } from '../../lib/notify';
import { useLanguage } from '../../lib/use-language';
import { useToday } from '../../lib/use-today';

/** "(3.3) 5176 reviews": the product's rating with one decimal and its number of reviews. */
export function useRatingText(product: Pick<Product, 'rating' | 'reviewCount'>): string {
  const { t } = useTranslation('catalog');
  return t('details.reviews', { rating: product.rating.toFixed(1), count: product.reviewCount });
}

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
    <Box component="section" aria-labelledby="delivery-options-title">
      <Typography id="delivery-options-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('details.deliveryTitle')}
      </Typography>
      <DeliveryTiles tiles={tiles} />
    </Box>
  );
}

/**
 * The product page's side card (spec section 2): badges ('Best seller'; 'Reduced price' on a
 * product with a list price), title (the page's h1), description, rating, price ("Was $X" beside
 * it on a reduced product), Buy Now, Add to card, delivery options, "Delivery to" and Add to list.
 */
export function ProductBuyBox({ product }: { product: Product }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const actions = useProductActions();
  const adding = useAddToCart(product);
  const buying = useAddToCart(product);
  const ratingText = useRatingText(product);

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
    <Stack
      component="section"
      aria-labelledby="product-title"
      sx={{ gap: 2, p: { xs: 2, md: 3 }, border: 1, borderColor: 'divider', borderRadius: 3, bgcolor: 'background.paper' }}
    >
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Chip label={t('details.bestSeller')} size="small" sx={{ bgcolor: '#e6f1fc', color: '#004f9a', fontWeight: 700 }} />
        {product.listPrice === null ? null : (
          <Chip label={t('details.reducedPrice')} size="small" sx={{ bgcolor: '#fff4d6', color: '#6b4a00', fontWeight: 700 }} />
        )}
      </Stack>
      <Box>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem', mb: 0.5 }}>{t('details.brand', { brand: product.brand })}</Typography>
        <Typography variant="h1" id="product-title" sx={{ fontSize: { xs: '1.4rem', md: '1.75rem' } }}>
          {product.title}
        </Typography>
      </Box>
      <Typography sx={{ lineHeight: 1.7 }}>{product.description}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <RatingStars value={product.rating} label={t('details.ratingLabel', { rating: product.rating.toFixed(1) })} />
        <Typography component="span" sx={{ fontSize: '0.9rem', color: 'text.secondary' }}>
          {ratingText}
        </Typography>
      </Box>
      <Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5 }}>
          <Typography sx={{ fontWeight: 800, fontSize: '1.6rem', color: PRICE_GREEN }}>
            <NowPrice price={product.price} />
          </Typography>
          {product.listPrice === null ? null : (
            <>
              {' '}
              <Typography sx={{ fontSize: '1.05rem' }}>
                <WasPrice listPrice={product.listPrice} />
              </Typography>
            </>
          )}
        </Box>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>{t('details.priceWhenPurchased')}</Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
        <Button variant="contained" size="large" onClick={() => void buyNow()} aria-busy={buying.busy || undefined} sx={{ flex: 1 }}>
          {t('details.buyNow')}
        </Button>
        <Button variant="outlined" size="large" onClick={() => void adding.add()} aria-busy={adding.busy || undefined} sx={{ flex: 1 }}>
          {t('details.addToCart')}
        </Button>
      </Stack>
      <DeliveryOptions />
      <Typography sx={{ fontSize: '0.9rem' }}>{t('details.deliveryTo')}</Typography>
      <Link component="button" type="button" onClick={addToList} sx={{ alignSelf: 'flex-start', fontWeight: 600 }}>
        {t('details.addToList')}
      </Link>
    </Stack>
  );
}
