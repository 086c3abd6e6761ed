import type { Product, ProductDetail } from '@dukkan/contracts/catalog';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { NotFoundPage } from '../../components/not-found-page';
import { ProductCarouselSection } from '../../components/product-carousel-section';
import { DeferHydration } from '../../lib/deferred-hydration';
import { PRODUCT_ROW_SLIDER } from '../../lib/slider-settings';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { useGetProductQuery, useListCategoryProductsQuery } from './catalog-api';
import { ProductAccordions } from './product-accordions';
import { ProductBuyBox } from './product-buy-box';
import { ProductGallery } from './product-gallery';

/** How many other products of the department "Customers also viewed" shows. */
export const ALSO_VIEWED_COUNT = 12;

/** Whether an RTK Query error is the API saying the product does not exist (404) or the id is malformed (400). */
function isMissingProduct(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error.status === 404 || error.status === 400);
}

/**
 * "Customers also viewed": other products of the same department (its first page, cached with it,
 * in the page's data). Below the fold: the section, and each of its cards, hydrate when they come
 * near the viewport (lib/deferred-hydration.tsx); the server renders the cards, plain elements.
 */
function CustomersAlsoViewed({ product }: { product: Product }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const { data, isLoading, isError } = useListCategoryProductsQuery({ lng, category: product.category });
  const others = data?.data.filter((other) => other._id !== product._id).slice(0, ALSO_VIEWED_COUNT);
  return (
    <ProductCarouselSection
      title={t('details.alsoViewed')}
      viewAllHref={storefrontPaths.category(product.category)}
      settings={PRODUCT_ROW_SLIDER}
      products={others}
      isLoading={isLoading}
      isError={isError}
    />
  );
}

/** The page while its product loads: a picture and the side card's lines, plain elements (`.dk-skeleton`). */
function ProductSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('loading')} className="dk-product-skeleton">
      <div className="dk-skeleton__photo" />
      <div>
        <div className="dk-skeleton__line dk-product-skeleton__title" />
        <div className="dk-skeleton__line" />
        <div className="dk-skeleton__photo dk-product-skeleton__card" />
      </div>
    </div>
  );
}

/**
 * The product page (`/details/:id`, spec section 2): breadcrumb, gallery with zoom, the side
 * card, the accordions, what `reviews` draws of the product (its Reviews, below the accordions,
 * the side card beside them) and "Customers also viewed". An unknown (404) or malformed (400) id
 * shows the not-found page.
 */
export function ProductDetailsPage({ reviews }: { reviews?: (product: ProductDetail) => ReactNode }) {
  const { id = '' } = useParams();
  const lng = useLanguage();
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  const { data: product, isLoading, error, refetch } = useGetProductQuery({ lng, id });
  useDocumentTitle(tCommon('pageTitle', { page: product?.title ?? tCommon('brand') }));

  if (isMissingProduct(error)) return <NotFoundPage />;
  if (error && !product) {
    return (
      <div role="alert" className="dk-load-error">
        <p>{t('details.loadError')}</p>
        <button type="button" className="dk-button dk-button--outlined" onClick={() => void refetch()}>
          {t('grid.retry')}
        </button>
      </div>
    );
  }
  if (isLoading || !product) return <ProductSkeleton />;

  return (
    <div className="dk-product-page">
      <article aria-labelledby="product-title">
        <nav aria-label={t('details.breadcrumb')} className="dk-breadcrumbs">
          <ol>
            <li>
              <Link to="/">{t('details.home')}</Link>
            </li>
            <li aria-hidden="true" className="dk-breadcrumbs__separator">
              /
            </li>
            <li>
              <Link to={storefrontPaths.category(product.category)}>{product.categoryLabel}</Link>
            </li>
          </ol>
        </nav>
        <div className="dk-product-layout">
          {/* Gallery, buy box and details each hydrate on their own (lib/deferred-hydration.tsx). */}
          <div className="dk-product-layout__gallery">
            <DeferHydration>
              <ProductGallery key={product._id} title={product.title} images={product.images.length > 0 ? product.images : [product.thumbnail]} />
            </DeferHydration>
          </div>
          <div className="dk-product-layout__buy">
            <DeferHydration>
              <ProductBuyBox product={product} />
            </DeferHydration>
          </div>
          <div className="dk-product-layout__details">
            <DeferHydration>
              <ProductAccordions product={product} />
            </DeferHydration>
          </div>
          {reviews ? (
            <div className="dk-product-layout__reviews">
              <DeferHydration>{reviews(product)}</DeferHydration>
            </div>
          ) : null}
        </div>
      </article>
      <DeferHydration>
        <CustomersAlsoViewed product={product} />
      </DeferHydration>
    </div>
  );
}
