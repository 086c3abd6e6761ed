import type { Product } from '@dukkan/contracts/catalog';
import type { Review } from '@dukkan/contracts/reviews';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';

import { catalogApi } from '../../features/catalog/catalog-api';
import { DEPARTMENTS } from '../../features/catalog/departments';
import { firstReviewPage, reviewsApi } from '../../features/reviews/reviews-api';
import { formatPrice } from '../../lib/format-price';
import { clip, localizedUrl } from '../head';
import type { HeadInput, HeadTranslations, PageMeta, PrefetchInput } from '../server-page';

import { head as notFoundHead } from './not-found';

/**
 * The product, then together its department's list (the page's related products) and, when it
 * has approved reviews, their first page (the Reviews section and the JSON-LD's reviews): one
 * more cached call, none for a product nobody has reviewed.
 */
export async function prefetch({ dispatch, params, language: lng }: PrefetchInput): Promise<unknown> {
  const id = params.id;
  if (!id) return;
  const { data: product } = await dispatch(catalogApi.endpoints.getProduct.initiate({ lng, id }));
  if (!product) return;
  await Promise.all([
    dispatch(catalogApi.endpoints.listCategoryProducts.initiate({ lng, category: product.category })),
    product.reviewCount > 0 ? dispatch(reviewsApi.endpoints.listProductReviews.initiate(firstReviewPage(product._id, lng))) : null,
  ]);
}

/** A review as schema.org's `Review` (issue #36): who wrote it, its stars, title, text, day and language. */
function reviewData(review: Review): unknown {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author },
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    name: review.title,
    reviewBody: review.body,
    datePublished: review.createdAt.slice(0, 10),
    inLanguage: review.language,
  };
}

/**
 * The Product (with its offer, and, only when it has approved reviews, their `AggregateRating`
 * and the first page of them as `Review`s) and its BreadcrumbList.
 */
function structuredData(product: Product, reviews: readonly Review[], url: string, origin: string, t: HeadTranslations): unknown[] {
  const department = DEPARTMENTS.find((entry) => entry.name === product.category);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.title,
      description: product.description,
      image: (product.images.length > 0 ? product.images : [product.thumbnail]).map((src) => new URL(src, origin).href),
      sku: product._id,
      brand: { '@type': 'Brand', name: product.brand },
      category: product.categoryLabel,
      url,
      offers: {
        '@type': 'Offer',
        url,
        price: product.price.toFixed(2),
        priceCurrency: 'USD',
        availability: product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
      ...(product.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: product.rating,
              reviewCount: product.reviewCount,
              bestRating: 5,
              worstRating: 1,
            },
            ...(reviews.length > 0 ? { review: reviews.map(reviewData) } : {}),
          }
        : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: t.catalog('details.home'), item: new URL('/', origin).href },
        {
          '@type': 'ListItem',
          position: 2,
          name: product.categoryLabel,
          item: new URL(department?.path ?? storefrontPaths.category(product.category), origin).href,
        },
        { '@type': 'ListItem', position: 3, name: product.title, item: url },
      ],
    },
  ];
}

/**
 * The product's head, with Product and BreadcrumbList as structured data. A product the API
 * answered 404 or 400 for is not there: the not-found page's head (404). One it could not answer
 * at all: 503, which the server does not keep.
 */
export function head({ params, language, origin, t, state }: HeadInput): PageMeta {
  const { data: product, error } = catalogApi.endpoints.getProduct.select({ lng: language, id: params.id ?? '' })(state);
  if (!product) {
    const missing = error && 'status' in error && (error.status === 404 || error.status === 400);
    return missing ? notFoundHead({ t }) : { status: 503, title: t.common('pageTitle', { page: t.common('brand') }), description: t.common('seo.home') };
  }
  const path = storefrontPaths.product(product._id);
  const reviews = product.reviewCount > 0 ? (reviewsApi.endpoints.listProductReviews.select(firstReviewPage(product._id, language))(state).data?.data ?? []) : [];
  return {
    title: t.common('pageTitle', { page: product.title }),
    description: clip(t.common('seo.product', { title: product.title, price: formatPrice(product.price), description: product.description })),
    canonical: { path },
    ogType: 'product',
    image: product.images[0] ?? product.thumbnail,
    structuredData: structuredData(product, reviews, localizedUrl(origin, path, {}, language), origin, t),
  };
}
