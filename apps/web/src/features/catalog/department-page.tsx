import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid';
import { PromoBanner } from '../../components/promo-banner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { useListCategoryProductsInfiniteQuery } from './catalog-api';
import { bannerSrc, type Department } from './departments';

/** A department page: its name, its banners and its products, page by page ("Load more"). */
export function DepartmentPage({ department }: { department: Department }) {
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  const lng = useLanguage();
  const productsHeadingId = useId();
  const name = t(`departments.${department.nameKey}`);
  useDocumentTitle(tCommon('pageTitle', { page: name }));

  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useListCategoryProductsInfiniteQuery({ lng, slug: department.slug });
  const products = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.total ?? 0;

  return (
    <Stack sx={{ gap: { xs: 3, md: 4 } }}>
      <Typography variant="h1">{name}</Typography>
      <PromoBanner
        image={bannerSrc(department.hero.image)}
        title={t(`banners.${department.hero.text}.title`)}
        text={t(`banners.${department.hero.text}.text`)}
        priority
      />
      <Box component="section" aria-labelledby={productsHeadingId}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 2 }}>
          <Typography variant="h2" id={productsHeadingId}>
            {t('department.products', { name })}
          </Typography>
          {data ? (
            <Typography sx={{ color: 'text.secondary' }} aria-live="polite">
              {t('grid.showing', { shown: products.length, total })}
            </Typography>
          ) : null}
        </Box>
        {isLoading ? <ProductGridSkeleton count={6} /> : null}
        {isError && !data ? (
          <Box role="alert" sx={{ py: 4, textAlign: 'center' }}>
            <Typography sx={{ mb: 2 }}>{t('grid.error')}</Typography>
            <Button variant="outlined" onClick={() => void refetch()}>
              {t('grid.retry')}
            </Button>
          </Box>
        ) : null}
        {data && products.length === 0 ? <Typography sx={{ color: 'text.secondary', py: 4 }}>{t('grid.empty')}</Typography> : null}
        {products.length > 0 ? <ProductGrid products={products} /> : null}
        {hasNextPage || isFetchNextPageError ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
            <Button
              variant="outlined"
              size="large"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
              sx={{ minWidth: 200 }}
            >
              {isFetchNextPageError ? t('grid.retry') : t('grid.loadMore')}
            </Button>
          </Box>
        ) : null}
      </Box>
      {department.promo ? (
        <PromoBanner
          image={bannerSrc(department.promo.image)}
          title={t(`banners.${department.promo.text}.title`)}
          text={t(`banners.${department.promo.text}.text`)}
        />
      ) : null}
    </Stack>
  );
}
