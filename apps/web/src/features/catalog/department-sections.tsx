import type { Product } from '@dukkan/contracts/catalog';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { ProductCarouselSection, ViewAllLink } from '../../components/product-carousel-section';
import { ProductGrid, ProductGridSkeleton } from '../../components/product-grid';
import { PromoBanner } from '../../components/promo-banner';
import { PICTURE_SIZES, pictureProps } from '../../lib/picture';
import { DEALS_SLIDER } from '../../lib/slider-settings';
import { useLanguage } from '../../lib/use-language';

import { useListCategoryProductsQuery, useListSubcategoriesQuery } from './catalog-api';
import {
  bannerSrc,
  departmentListHref,
  type Department,
  type DepartmentBanner,
  type DepartmentSection,
  type SectionKey,
  type TechTile,
} from './departments';

/** How many products a deals slider shows. */
export const DEALS_COUNT = 12;
/** Every subcategory fits in one page of this size (54 today). */
export const SUBCATEGORIES_PAGE_SIZE = 100;
/** A brand's deals are looked for in this many of the department's products. */
export const BRAND_DEALS_SOURCE_SIZE = 100;

/** The department's lowest prices first (the deals slider). */
export function dealsOf<P extends Pick<Product, 'price'>>(products: readonly P[], count = DEALS_COUNT): P[] {
  return [...products].sort((a, b) => a.price - b.price).slice(0, count);
}

/** Promo banners, side by side on wide screens, each opening a subcategory. */
function BannerPair({ department, banners }: { department: Department; banners: readonly DepartmentBanner[] }) {
  const { t } = useTranslation('catalog');
  return (
    <div className="dk-banner-pair dk-later">
      {banners.map((banner) => (
        <PromoBanner
          key={banner.image}
          image={bannerSrc(banner.image)}
          title={t(`banners.${banner.text}.title`)}
          text={t(`banners.${banner.text}.text`)}
          size="compact"
          action={banner.subcategory ? { label: t('banners.shopNow'), href: departmentListHref(department, banner.subcategory) } : undefined}
        />
      ))}
    </div>
  );
}

/** The deals slider: the lowest prices of the department's first page (shared with its grid). */
function DealsSlider({ department, title }: { department: Department; title: SectionKey }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const { data, isLoading, isError } = useListCategoryProductsQuery({ lng, category: department.name });
  return (
    <ProductCarouselSection
      title={t(`sections.${title}`)}
      viewAllHref={departmentListHref(department)}
      settings={DEALS_SLIDER}
      products={data ? dealsOf(data.data) : undefined}
      isLoading={isLoading}
      isError={isError}
      cardLayout="wide"
    />
  );
}

/**
 * One brand's products as a deals slider (electronics: "Apple deals"). The API translates brand
 * names, so the brand is matched as the catalog spells it in the page's language.
 */
function BrandDealsSlider({ department, title }: { department: Department; title: SectionKey }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const brand = t('brands.apple');
  const { data, isLoading, isError } = useListCategoryProductsQuery({
    lng,
    category: department.name,
    pageSize: BRAND_DEALS_SOURCE_SIZE,
  });
  const products = data?.data.filter((product) => product.brand === brand);
  return (
    <ProductCarouselSection
      title={t(`sections.${title}`)}
      viewAllHref={storefrontPaths.search(brand)}
      settings={DEALS_SLIDER}
      products={products ? dealsOf(products) : undefined}
      isLoading={isLoading}
      isError={isError}
      cardLayout="wide"
    />
  );
}

/** A subcategory's products as a deals slider, with "View all" opening the filtered view. */
function SubcategorySlider({ department, title, subcategory }: { department: Department; title: SectionKey; subcategory: string }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const { data, isLoading, isError } = useListCategoryProductsQuery({ lng, category: department.name, subcategory });
  return (
    <ProductCarouselSection
      title={t(`sections.${title}`)}
      viewAllHref={departmentListHref(department, subcategory)}
      settings={DEALS_SLIDER}
      products={data?.data}
      isLoading={isLoading}
      isError={isError}
      cardLayout="wide"
    />
  );
}

/** A few of a subcategory's products in the spec's grid, with "View all". */
function SubcategoryGrid({
  department,
  title,
  subcategory,
  count,
}: {
  department: Department;
  title: SectionKey;
  subcategory: string;
  count: number;
}) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const headingId = useId();
  const { data, isLoading, isError } = useListCategoryProductsQuery({ lng, category: department.name, subcategory, pageSize: count });
  const products = data?.data ?? [];
  if (!isLoading && !isError && products.length === 0) return null;
  const heading = t(`sections.${title}`);
  return (
    <section aria-labelledby={headingId} className="dk-later">
      <div className="dk-carousel-section__header">
        <h2 className="dk-section-title" id={headingId}>
          {heading}
        </h2>
        <ViewAllLink href={departmentListHref(department, subcategory)} title={heading} />
      </div>
      {isLoading ? <ProductGridSkeleton count={count} /> : null}
      {isError ? <p className="dk-muted">{t('grid.error')}</p> : null}
      {products.length > 0 ? <ProductGrid products={products} /> : null}
    </section>
  );
}

/** The electronics tiles: each opens a filtered view of the department (Tech savings: all of it). */
function TechTiles({ department, tiles }: { department: Department; tiles: readonly TechTile[] }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const headingId = useId();
  const { data: subcategories, isLoading } = useListSubcategoriesQuery({ lng, pageSize: SUBCATEGORIES_PAGE_SIZE });
  const imageOf = (tile: TechTile) =>
    (tile.subcategory && subcategories?.data.find((subcategory) => subcategory.name === tile.subcategory)?.image) ||
    bannerSrc('electronics-tech');

  return (
    <section aria-labelledby={headingId} className="dk-later">
      <h2 className="dk-section-title dk-tech-tiles__title" id={headingId}>
        {t('techTiles.title')}
      </h2>
      <ul className="dk-tech-tiles">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <Link to={departmentListHref(department, tile.subcategory)} className="dk-tech-tile">
              {isLoading ? (
                <span className="dk-tech-tile__placeholder" />
              ) : (
                <img {...pictureProps(imageOf(tile), PICTURE_SIZES.tile, 640)} alt="" width={400} height={400} loading="lazy" decoding="async" />
              )}
              <span className="dk-tech-tile__name">{t(`techTiles.${tile.key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One block of a department page (see `DepartmentSection`). */
export function DepartmentSectionView({ department, section }: { department: Department; section: DepartmentSection }) {
  switch (section.kind) {
    case 'banners':
      return <BannerPair department={department} banners={section.banners} />;
    case 'deals':
      return <DealsSlider department={department} title={section.title} />;
    case 'brandDeals':
      return <BrandDealsSlider department={department} title={section.title} />;
    case 'subcategorySlider':
      return <SubcategorySlider department={department} title={section.title} subcategory={section.subcategory} />;
    case 'subcategoryGrid':
      return <SubcategoryGrid department={department} title={section.title} subcategory={section.subcategory} count={section.count} />;
    case 'techTiles':
      return <TechTiles department={department} tiles={section.tiles} />;
  }
}
