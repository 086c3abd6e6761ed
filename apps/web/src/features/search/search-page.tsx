import type { Product } from '@dukkan/contracts/catalog';
import { MAX_SEARCH_LENGTH } from '@dukkan/contracts/limits';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { Aisle } from '../../components/aisle/aisle';
import { aisleParams } from '../../components/aisle/aisle-query';
import { useAisleAddress } from '../../components/aisle/use-aisle-address';
import { ProductPrice } from '../../components/price';
import { AddToCartButton } from '../../components/product-actions';
import { PRODUCT_IMAGE_SIZE } from '../../components/product-card';
import { arrivalDate, formatDeliveryDate } from '../../lib/delivery-date';
import { stretchedTitleLinkSx } from '../../lib/stretched-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';
import { useToday } from '../../lib/use-today';

import { searchListArgs, useSearchProductsQuery } from './search-api';

/**
 * One result (spec section 2): thumbnail, price (with "Was $X" on a reduced product), title,
 * "Free shipping, arrives …" and "Add to cart".
 */
function SearchResult({ product, arrives }: { product: Product; arrives: string }) {
  const { t } = useTranslation('shopping');
  return (
    <Box
      component="article"
      sx={{
        position: 'relative',
        display: 'grid',
        gridTemplateColumns: { xs: '96px minmax(0, 1fr)', sm: '140px minmax(0, 1fr) auto' },
        gap: { xs: 1.5, sm: 2.5 },
        alignItems: 'center',
        p: { xs: 1.5, sm: 2 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        '&:focus-within': { boxShadow: '0 0 0 3px #0071dc' },
      }}
    >
      <Box
        component="img"
        src={product.thumbnail}
        alt=""
        width={PRODUCT_IMAGE_SIZE}
        height={PRODUCT_IMAGE_SIZE}
        loading="lazy"
        decoding="async"
        sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1', objectFit: 'contain', borderRadius: 1.5, bgcolor: '#f7f8fa' }}
      />
      <Box sx={{ minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.15rem' }}>
          <ProductPrice product={product} />
        </Typography>
        <Link
          href={storefrontPaths.product(product._id)}
          underline="hover"
          // The whole row opens the product; the button sits above the link.
          sx={{ ...stretchedTitleLinkSx, fontWeight: 600 }}
        >
          {product.title}
        </Link>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.9rem' }}>{t('search.freeShipping', { date: arrives })}</Typography>
      </Box>
      <Box sx={{ position: 'relative', zIndex: 1, gridColumn: { xs: '2', sm: 'auto' } }}>
        <AddToCartButton product={product} label={t('search.addToCart')} size="medium" />
      </Box>
    </Box>
  );
}

function ResultsSkeleton() {
  const { t } = useTranslation('shopping');
  return (
    <Box role="status" aria-label={t('search.loading')} sx={{ display: 'grid', gap: 2 }}>
      {Array.from({ length: 4 }, (_, index) => (
        <Box key={index} aria-hidden="true" sx={{ display: 'flex', gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Skeleton variant="rounded" sx={{ width: { xs: 96, sm: 140 }, height: { xs: 96, sm: 140 }, flexShrink: 0 }} />
          <Box sx={{ flex: 1 }}>
            <Skeleton variant="text" sx={{ width: '20%', fontSize: '1.15rem' }} />
            <Skeleton variant="text" sx={{ width: '70%' }} />
            <Skeleton variant="text" sx={{ width: '40%' }} />
          </Box>
        </Box>
      ))}
    </Box>
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
    if (isBadSearch(error)) return <Typography role="alert">{t('search.tooLong', { max: MAX_SEARCH_LENGTH })}</Typography>;
    return (
      <Box role="alert" sx={{ py: 4 }}>
        <Typography sx={{ mb: 2 }}>{t('search.error')}</Typography>
        <Button variant="outlined" onClick={() => void refetch()}>
          {t('search.retry')}
        </Button>
      </Box>
    );
  }
  if (!data || (data.total === 0 && !narrowed)) {
    return (
      <Typography role="status" sx={{ fontSize: '1.1rem', py: 2 }}>
        {t('search.none', { q })}
      </Typography>
    );
  }
  return (
    <Box component="section" aria-label={t('search.results')}>
      <Aisle kind="search" response={data} busy={isFetching}>
        {data.data.length > 0 ? (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
            {data.data.map((product) => (
              <li key={product._id}>
                <SearchResult product={product} arrives={arrives} />
              </li>
            ))}
          </Box>
        ) : null}
      </Aisle>
    </Box>
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
    <Box sx={{ py: 2, display: 'grid', gap: 3 }}>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {q === '' ? <Typography sx={{ color: 'text.secondary' }}>{t('search.prompt')}</Typography> : <SearchResults key={q} q={q} />}
    </Box>
  );
}
