import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid';
import { PromoBanner } from '../../components/promo-banner';
import { DeferHydration } from '../../lib/deferred-hydration';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { useListCategoryProductsInfiniteQuery, useListSubcategoriesQuery } from './catalog-api';
import { DepartmentSectionView, SUBCATEGORIES_PAGE_SIZE } from './department-sections';
import { ALL_PRODUCTS_ID, bannerSrc, type Department } from './departments';

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
    <section id={ALL_PRODUCTS_ID} aria-labelledby={headingId} className="dk-product-list dk-later dk-later--tall">
      <div className="dk-product-list__header">
        <h2 className="dk-section-title" id={headingId}>
          {heading}
        </h2>
        {data ? (
          <p className="dk-muted" aria-live="polite">
            {t('grid.showing', { shown: products.length, total })}
          </p>
        ) : null}
      </div>
      {isLoading ? <ProductGridSkeleton count={6} /> : null}
      {isError && !data ? (
        <div role="alert" className="dk-grid-error">
          <p>{t('grid.error')}</p>
          <button type="button" className="dk-button dk-button--outlined" onClick={() => void refetch()}>
            {t('grid.retry')}
          </button>
        </div>
      ) : null}
      {data && products.length === 0 ? <p className="dk-muted dk-grid-empty">{t('grid.empty')}</p> : null}
      {products.length > 0 ? <ProductGrid products={products} /> : null}
      {hasNextPage || isFetchNextPageError ? (
        <div className="dk-load-more">
          <button
            type="button"
            className="dk-button dk-button--outlined dk-button--large"
            // Busy, not disabled, while the next page loads: the button keeps the keyboard's focus.
            aria-busy={isFetchingNextPage || undefined}
            onClick={() => {
              if (!isFetchingNextPage) void fetchNextPage();
            }}
          >
            {isFetchNextPageError ? t('grid.retry') : t('grid.loadMore')}
          </button>
        </div>
      ) : null}
    </section>
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
      <Link to={department.path} className="dk-show-all">
        {t('department.showAll', { name: label })}
      </Link>
      <DeferHydration>
        <ProductList
          department={department}
          subcategory={subcategory}
          heading={t('department.filteredIn', { subcategory: subcategoryLabel, name: label })}
        />
      </DeferHydration>
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
    <div className="dk-department">
      <h1 className="dk-page-title">{label}</h1>
      {subcategory ? (
        <SubcategoryView department={department} subcategory={subcategory} label={label} />
      ) : (
        <>
          {/* Each block hydrates on its own: the banners when touched (a picture, words and a
              link), the rest when near the viewport (lib/deferred-hydration.tsx). */}
          <DeferHydration hydrate="touched">
            <PromoBanner
              image={bannerSrc(department.hero.image)}
              title={t(`banners.${department.hero.text}.title`)}
              text={t(`banners.${department.hero.text}.text`)}
              priority
            />
          </DeferHydration>
          {department.sections.map((section, index) => (
            <DeferHydration key={`${section.kind}-${index}`} hydrate={section.kind === 'banners' ? 'touched' : 'visible'}>
              <DepartmentSectionView department={department} section={section} />
            </DeferHydration>
          ))}
          <DeferHydration>
            <ProductList department={department} heading={t('department.products', { name: label })} />
          </DeferHydration>
          {department.promo ? (
            <DeferHydration hydrate="touched">
              <PromoBanner
                image={bannerSrc(department.promo.image)}
                title={t(`banners.${department.promo.text}.title`)}
                text={t(`banners.${department.promo.text}.text`)}
                action={
                  department.promo.subcategory
                    ? { label: t('banners.shopNow'), href: storefrontPaths.subcategory(department.path, department.promo.subcategory) }
                    : undefined
                }
              />
            </DeferHydration>
          ) : null}
        </>
      )}
    </div>
  );
}
