import type { Product } from '@dukkan/contracts/catalog';
import { MAX_SEARCH_LENGTH } from '@dukkan/contracts/limits';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { Aisle } from '../../components/aisle/aisle';
import { aisleParams } from '../../components/aisle/aisle-query';
import { useAisleAddress } from '../../components/aisle/use-aisle-address';
import { ProductPrice } from '../../components/price';
import { AddToCartButton } from '../../components/product-actions';
import { PRODUCT_IMAGE_SIZE } from '../../components/product-card';
import { ProductRating } from '../../components/product-rating';
import { SkeletonCard } from '../../components/skeleton-card';
import { DeferHydration } from '../../lib/deferred-hydration';
import { arrivalDate, formatDeliveryDate } from '../../lib/delivery-date';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useToday } from '../../lib/use-today';

import { searchListArgs, useSearchProductsQuery } from './search-api';

/**
 * One result (spec section 2): thumbnail, price (with "Was $X" on a reduced product), title, the
 * rating with its number of reviews when it has any (issue #36), "Free shipping, arrives …" and
 * "Add to cart". Plain elements styled by app/shop.css
 * (`.dk-search-row`), like the product cards (decision 0027): the search page loads no MUI.
 */
function SearchResult({ product, arrives }: { product: Product; arrives: string }) {
  const { t } = useTranslation('shopping');
  return (
    <article className="dk-search-row">
      <img className="dk-search-row__photo" src={product.thumbnail} alt="" width={PRODUCT_IMAGE_SIZE} height={PRODUCT_IMAGE_SIZE} loading="lazy" decoding="async" />
      <div className="dk-search-row__text">
        <p className="dk-search-row__price">
          <ProductPrice product={product} />
        </p>
        {/* The link's box covers the row: the whole row opens the product; the button sits above it. */}
        <Link className="dk-search-row__title" to={storefrontPaths.product(product._id)}>
          {product.title}
        </Link>
        <ProductRating product={product} className="dk-search-row__rating" />
        <p className="dk-search-row__note">{t('search.freeShipping', { date: arrives })}</p>
      </div>
      <div className="dk-search-row__action">
        <AddToCartButton product={product} label={t('search.addToCart')} size="medium" />
      </div>
    </article>
  );
}

function ResultsSkeleton() {
  const { t } = useTranslation('shopping');
  return (
    <div role="status" aria-label={t('search.loading')} className="dk-skeleton dk-skeleton--wide">
      <ul className="dk-search-results" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index}>
            <SkeletonCard />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whether an RTK Query error is the API refusing the search text (too long: 400). */
function isBadSearch(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 400;
}

/** The results of a non-blank search: an aisle (issue #34), narrowed, sorted and paged as the address says. */
function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation('shopping');
  const lng = useLanguage();
  const { state } = useAisleAddress('search');
  const narrowed = aisleParams({ ...state, page: 1, sort: undefined }).length > 0;
  const { data, isLoading, isFetching, isError, error, refetch } = useSearchProductsQuery(searchListArgs(lng, q, state));
  const arrives = formatDeliveryDate(arrivalDate(useToday()), lng);

  if (isLoading) return <ResultsSkeleton />;
  if (isError && !data) {
    if (isBadSearch(error)) {
      return (
        <p role="alert" className="dk-search-page__message">
          {t('search.tooLong', { max: MAX_SEARCH_LENGTH })}
        </p>
      );
    }
    return (
      <div role="alert" className="dk-grid-error">
        <p>{t('search.error')}</p>
        <button type="button" className="dk-button dk-button--outlined" onClick={() => void refetch()}>
          {t('search.retry')}
        </button>
      </div>
    );
  }
  if (!data || (data.total === 0 && !narrowed)) {
    return (
      <p role="status" className="dk-search-page__message dk-search-page__message--none">
        {t('search.none', { q })}
      </p>
    );
  }
  return (
    <section aria-label={t('search.results')}>
      <Aisle kind="search" response={data} busy={isFetching}>
        {data.data.length > 0 ? (
          <ul className="dk-search-results">
            {data.data.map((product) => (
              <li key={product._id}>
                {/* Each row hydrates on its own when it comes near the viewport, as a grid's cards do. */}
                <DeferHydration>
                  <SearchResult product={product} arrives={arrives} />
                </DeferHydration>
              </li>
            ))}
          </ul>
        ) : null}
      </Aisle>
    </section>
  );
}

/**
 * `/search?q=` (spec section 2): 'Results for "{q}"', then each match or 'No products found
 * for "{q}"'. Blank text searches nothing and says where to type.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { t } = useTranslation('shopping');
  const { t: tCommon } = useTranslation();
  const title = t('search.title', { q });
  useDocumentTitle(tCommon('pageTitle', { page: title }));

  return (
    <div className="dk-search-page">
      <h1 className="dk-page-title dk-search-page__title">{title}</h1>
      {q === '' ? <p className="dk-muted">{t('search.prompt')}</p> : <SearchResults key={q} q={q} />}
    </div>
  );
}
