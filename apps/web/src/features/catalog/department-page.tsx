import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Aisle } from '../../components/aisle/aisle';
import { type AisleState, aisleParams } from '../../components/aisle/aisle-query';
import { useAisleAddress } from '../../components/aisle/use-aisle-address';
import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid';
import { PromoBanner } from '../../components/promo-banner';
import { DeferHydration } from '../../lib/deferred-hydration';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { departmentListArgs, useListCategoryProductsQuery } from './catalog-api';
import { DepartmentSectionView } from './department-sections';
import { ALL_PRODUCTS_ID, bannerSrc, type Department, departmentListHref } from './departments';

/** The department's products, narrowed, sorted and paged as the address says (issue #34). */
function ProductList({ department, name }: { department: Department; name: string }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const headingId = useId();
  const { state } = useAisleAddress('department');
  const { data, isLoading, isFetching, isError, refetch } = useListCategoryProductsQuery(departmentListArgs(department.name, lng, state));
  const [onlySubcategory] = state.subcategory.length === 1 ? state.subcategory : [];
  const subcategoryLabel = onlySubcategory && (data?.facets.subcategory.find((entry) => entry.value === onlySubcategory)?.label ?? onlySubcategory);

  return (
    <section id={ALL_PRODUCTS_ID} aria-labelledby={headingId} className="dk-product-list dk-later dk-later--tall">
      <div className="dk-product-list__header">
        <h2 className="dk-section-title" id={headingId}>
          {subcategoryLabel ? t('department.filteredIn', { subcategory: subcategoryLabel, name }) : t('department.products', { name })}
        </h2>
      </div>
      <Aisle kind="department" response={data} busy={isFetching}>
        {isLoading ? <ProductGridSkeleton count={6} /> : null}
        {isError && !isFetching ? (
          <div role="alert" className="dk-grid-error">
            <p>{t('grid.error')}</p>
            <button type="button" className="dk-button dk-button--outlined" onClick={() => void refetch()}>
              {t('grid.retry')}
            </button>
          </div>
        ) : null}
        {data && !isError && data.total === 0 && !hasFilters(state) ? (
          <p className="dk-muted dk-grid-empty">{t('grid.empty')}</p>
        ) : null}
        {data && !isError && data.data.length > 0 ? <ProductGrid products={data.data} /> : null}
      </Aisle>
    </section>
  );
}

const hasFilters = (state: AisleState) => aisleParams({ ...state, page: 1, sort: undefined }).length > 0;

/**
 * A department page (spec section 2): its name, hero banner, the department's own sections
 * (sliders, promo banners, tiles; see `DEPARTMENTS`), then its aisle: every product, with sort,
 * filters and pages, all in the address (`?subcategory=` narrows it to a subcategory).
 */
export function DepartmentPage({ department }: { department: Department }) {
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  const label = t(`departments.${department.labelKey}`);
  useDocumentTitle(tCommon('pageTitle', { page: label }));

  return (
    <div className="dk-department">
      <h1 className="dk-page-title">{label}</h1>
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
      {/* Right after the page, in a task of its own: the aisle follows the address, which links
          above it (tiles, banners) change in place; its cards still wait to be seen. */}
      <DeferHydration hydrate="eager">
        <ProductList department={department} name={label} />
      </DeferHydration>
      {department.promo ? (
        <DeferHydration hydrate="touched">
          <PromoBanner
            image={bannerSrc(department.promo.image)}
            title={t(`banners.${department.promo.text}.title`)}
            text={t(`banners.${department.promo.text}.text`)}
            action={
              department.promo.subcategory
                ? { label: t('banners.shopNow'), href: departmentListHref(department, department.promo.subcategory) }
                : undefined
            }
          />
        </DeferHydration>
      ) : null}
    </div>
  );
}
