import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid';
import { PromoBanner } from '../../components/promo-banner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { useListCategoryProductsInfiniteQuery, useListSubcategoriesQuery } from './catalog-api';
import { DepartmentSectionView, SUBCATEGORIES_PAGE_SIZE } from './department-sections';
import { ALL_PRODUCTS_ID, bannerSrc, type Department, subcategoryPath } from './departments';

/** The department's products (or one subcategory's), page by page with "Load more". */
function ProductList({ department, subcategory, heading }: { department: Department; subcategory?: string; heading: string }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const headingId = useId();
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useListCategoryProductsInfiniteQuery({ lng, category: department.name, subcategory });
  const products = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.total ?? 0;

  return (
    <Box component="section" id={ALL_PRODUCTS_ID} aria-labelledby={headingId} sx={{ scrollMarginTop: 16 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography variant="h2" id={headingId}>
          {heading}
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
            // Busy, not disabled, while the next page loads: the button keeps the keyboard's focus.
            aria-busy={isFetchingNextPage || undefined}
            onClick={() => {
              if (!isFetchingNextPage) void fetchNextPage();
            }}
            sx={{ minWidth: 200 }}
          >
            {isFetchNextPageError ? t('grid.retry') : t('grid.loadMore')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** `/electronics?subcategory=electronics-tablets`: one subcategory, named in the heading. */
function SubcategoryView({ department, subcategory, label }: { department: Department; subcategory: string; label: string }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const { data: subcategories } = useListSubcategoriesQuery({ lng, pageSize: SUBCATEGORIES_PAGE_SIZE });
  const subcategoryLabel = subcategories?.data.find((entry) => entry.name === subcategory)?.label ?? subcategory;
  return (
    <>
      <Link href={department.path} sx={{ fontWeight: 600, alignSelf: 'flex-start' }}>
        {t('department.showAll', { name: label })}
      </Link>
      <ProductList
        department={department}
        subcategory={subcategory}
        heading={t('department.filteredIn', { subcategory: subcategoryLabel, name: label })}
      />
    </>
  );
}

/**
 * A department page (spec section 2): its name, hero banner, the department's own sections
 * (sliders, promo banners, tiles; see `DEPARTMENTS`), then every product with "Load more".
 * With `?subcategory=` it lists that subcategory only.
 */
export function DepartmentPage({ department }: { department: Department }) {
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  const [params] = useSearchParams();
  const subcategory = params.get('subcategory') || undefined;
  const label = t(`departments.${department.labelKey}`);
  useDocumentTitle(tCommon('pageTitle', { page: label }));

  return (
    <Stack sx={{ gap: { xs: 3, md: 5 } }}>
      <Typography variant="h1">{label}</Typography>
      {subcategory ? (
        <SubcategoryView department={department} subcategory={subcategory} label={label} />
      ) : (
        <>
          <PromoBanner
            image={bannerSrc(department.hero.image)}
            title={t(`banners.${department.hero.text}.title`)}
            text={t(`banners.${department.hero.text}.text`)}
            priority
          />
          {department.sections.map((section, index) => (
            <DepartmentSectionView key={`${section.kind}-${index}`} department={department} section={section} />
          ))}
          <ProductList department={department} heading={t('department.products', { name: label })} />
          {department.promo ? (
            <PromoBanner
              image={bannerSrc(department.promo.image)}
              title={t(`banners.${department.promo.text}.title`)}
              text={t(`banners.${department.promo.text}.text`)}
              action={
                department.promo.subcategory
                  ? { label: t('banners.shopNow'), href: subcategoryPath(department, department.promo.subcategory) }
                  : undefined
              }
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
