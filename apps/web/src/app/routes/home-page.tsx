import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid';
import { PromoBanner } from '../../components/promo-banner';
import { useListCategoryProductsInfiniteQuery } from '../../features/catalog/catalog-api';
import { CategoryTiles } from '../../features/catalog/category-tiles';
import { bannerSrc } from '../../features/catalog/departments';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

/** Grocery products on the first page ("Renew your everything"); two full rows of the grid. */
const HOME_GROCERY_COUNT = 6;

function GroceryProducts() {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const { data, isLoading, isError } = useListCategoryProductsInfiniteQuery({
    lng,
    slug: 'Grocery',
    pageSize: HOME_GROCERY_COUNT,
  });
  if (isLoading) return <ProductGridSkeleton count={HOME_GROCERY_COUNT} />;
  if (isError || !data) return <Typography sx={{ color: 'text.secondary' }}>{t('grid.error')}</Typography>;
  return <ProductGrid products={data.pages[0]?.data ?? []} />;
}

/**
 * The home page: hero banner, every department ("Get it all right here") and a first row of
 * Grocery products ("Renew your everything"). Its sliders and video arrive with the home issue.
 */
export function HomePage() {
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  const departmentsId = useId();
  const renewId = useId();
  useDocumentTitle(tCommon('pageTitle', { page: t('home.title') }));

  return (
    <Stack sx={{ gap: { xs: 4, md: 6 } }}>
      <PromoBanner
        image={bannerSrc('home-hero')}
        title={t('home.heroTitle')}
        text={t('home.heroText')}
        headingLevel="h1"
        action={{ label: t('home.heroCta'), href: '/Grocery' }}
        priority
      />
      <Box component="section" aria-labelledby={departmentsId}>
        <Typography variant="h2" id={departmentsId} sx={{ mb: { xs: 2, md: 3 } }}>
          {t('home.departmentsTitle')}
        </Typography>
        <CategoryTiles />
      </Box>
      <Box component="section" aria-labelledby={renewId}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: { xs: 2, md: 3 } }}>
          <Typography variant="h2" id={renewId}>
            {t('home.renewTitle')}
          </Typography>
          <Link href="/Grocery" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {t('home.viewAll')}
          </Link>
        </Box>
        <GroceryProducts />
      </Box>
    </Stack>
  );
}
