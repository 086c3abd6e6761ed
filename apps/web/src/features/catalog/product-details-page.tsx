import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { NotFoundPage } from '../../components/not-found-page';
import { NowPrice } from '../../components/price';
import { PRODUCT_IMAGE_SIZE } from '../../components/product-card';
import { categoryPath } from '../../lib/category-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { useGetProductQuery } from './catalog-api';

/**
 * The product page (`/details/:id`). For now: breadcrumb, photo, title, price, brand and
 * description; the gallery, accordions and buying options arrive with the product-page issue.
 */
export function ProductDetailsPage() {
  const { id = '' } = useParams();
  const lng = useLanguage();
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  const { data: product, isLoading, error } = useGetProductQuery({ lng, id });
  useDocumentTitle(tCommon('pageTitle', { page: product?.title ?? tCommon('brand') }));

  if (error && 'status' in error && (error.status === 404 || error.status === 400)) {
    return <NotFoundPage />;
  }
  if (isLoading || !product) {
    return (
      <Box role="status" aria-label={tCommon('loading')} sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
        <Box>
          <Skeleton variant="text" sx={{ fontSize: '2rem' }} />
          <Skeleton variant="text" sx={{ width: '40%' }} />
        </Box>
      </Box>
    );
  }

  return (
    <Box component="article">
      <Breadcrumbs aria-label={t('details.breadcrumb')} sx={{ mb: 2 }}>
        <Link href="/" underline="hover" color="inherit">
          {t('details.home')}
        </Link>
        <Link href={categoryPath(product.category)} underline="hover" color="inherit">
          {product.categoryName}
        </Link>
      </Breadcrumbs>
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Box
          component="img"
          src={product.images[0] ?? product.thumbnail}
          alt={product.title}
          width={PRODUCT_IMAGE_SIZE}
          height={PRODUCT_IMAGE_SIZE}
          sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'contain', borderRadius: 3, bgcolor: '#f7f8fa' }}
        />
        <Box>
          <Typography sx={{ color: 'text.secondary', mb: 1 }}>{t('details.brand', { brand: product.brand })}</Typography>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' } }}>
            {product.title}
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: '1.6rem', mt: 2 }}>
            <NowPrice price={product.price} />
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>{t('details.priceWhenPurchased')}</Typography>
          <Typography sx={{ mt: 3, lineHeight: 1.7 }}>{product.description}</Typography>
        </Box>
      </Box>
    </Box>
  );
}
