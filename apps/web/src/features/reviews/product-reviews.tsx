import type { Product } from '@dukkan/contracts/catalog';
import type { Language } from '@dukkan/contracts/common';
import type { Review, ReviewSort, ReviewSummary } from '@dukkan/contracts/reviews';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { RatingStars } from '../../components/rating-stars';
import { formatUtcDate } from '../../lib/calendar-date';
import { directionOf } from '../../lib/direction';
import { formatCount } from '../../lib/format-count';
import { useLanguage } from '../../lib/use-language';

import { MyReview } from './my-review';
import { firstReviewPage, useListProductReviewsQuery } from './reviews-api';

/**
 * The sorts, in the contracts' order (`REVIEW_SORTS`), typed by the contract: importing its value
 * would bring the contract's schemas, and zod with them, into the product page's first load.
 */
const SORTS = ['newest', 'highest', 'lowest'] as const satisfies readonly ReviewSort[];

/** The histogram's rows, most stars first. */
const STAR_ROWS = [5, 4, 3, 2, 1] as const;

/** The section's texts and language, handed to its parts: one `useTranslation` for all (lib/use-shared-t.ts says why). */
interface Texts {
  t: TFunction<'reviews'>;
  lng: Language;
}

/** "12 reviews", the count written as the shop writes counts. */
function countText({ t, lng }: Texts, count: number): string {
  return t('count', { count, formatted: formatCount(count, lng) });
}

/**
 * How many reviews gave each number of stars, as bars that are also text: each row reads
 * "5 stars: 12 reviews" to a screen reader; the bar and the figure beside it are what the eye
 * reads.
 */
function Histogram({ summary, texts }: { summary: ReviewSummary; texts: Texts }) {
  const { t, lng } = texts;
  return (
    <ul className="dk-histogram" aria-label={t('histogram')}>
      {STAR_ROWS.map((stars) => {
        const count = summary.histogram[stars];
        const share = summary.count > 0 ? Math.round((count / summary.count) * 100) : 0;
        const label = t('stars', { count: stars });
        return (
          <li key={stars} className="dk-histogram__row">
            <span className="dk-visually-hidden">{t('histogramRow', { stars: label, reviews: countText(texts, count) })}</span>
            <span aria-hidden="true" className="dk-histogram__label">
              {label}
            </span>
            <span aria-hidden="true" className="dk-histogram__bar">
              <span style={{ width: `${share}%` }} />
            </span>
            <span aria-hidden="true" className="dk-histogram__count">
              {formatCount(count, lng)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The average with its stars, the count and, once the reviews are read, the histogram. */
function Summary({ average, count, summary, texts }: { average: number; count: number; summary: ReviewSummary | undefined; texts: Texts }) {
  const { t } = texts;
  return (
    <div className="dk-reviews__summary">
      <div>
        <p className="dk-reviews__average">
          <span aria-hidden="true" className="dk-reviews__figure">
            {average.toFixed(1)}
          </span>
          <RatingStars value={average} label={t('ratingLabel', { rating: average.toFixed(1) })} />
        </p>
        <p className="dk-muted">{countText(texts, count)}</p>
      </div>
      {summary ? <Histogram summary={summary} texts={texts} /> : null}
    </div>
  );
}

/**
 * One review: its stars, title and text (plain text, as typed: React writes it as text), who
 * wrote it and when, 'Verified buyer', and, when it is written in the other language than the
 * page's, which one — its text then carries its own language and direction.
 */
function ReviewItem({ review, texts: { t, lng } }: { review: Review; texts: Texts }) {
  return (
    <li className="dk-review">
      <RatingStars value={review.rating} label={t('ratingLabel', { rating: review.rating })} />
      <div lang={review.language} dir={directionOf(review.language)} className="dk-review__text">
        <h3 className="dk-review__title">{review.title}</h3>
        <p className="dk-review__body">{review.body}</p>
      </div>
      <p className="dk-review__meta">
        <bdi className="dk-review__author">{review.author}</bdi>
        <time dateTime={review.createdAt}>{formatUtcDate(review.createdAt, lng)}</time>
        <span className="dk-review__verified">{t('verified')}</span>
        {review.language === lng ? null : <span className="dk-review__language">{t(`writtenIn.${review.language}`)}</span>}
      </p>
    </li>
  );
}

/**
 * The product page's Reviews (`#reviews`, issue #36): how reviews are checked, the average and
 * count with a histogram, the shopper's own part (MyReview), and the approved reviews, the
 * page's language first, sorted (newest, highest, lowest) and in pages. The first page is the
 * server's (ssr/pages/product.ts); a product nobody has reviewed asks for nothing and says 'No
 * reviews yet'. Plain elements styled by app/shop.css (`.dk-reviews`), like the rest of the page.
 */
export function ProductReviews({ product }: { product: Pick<Product, '_id' | 'rating' | 'reviewCount'> }) {
  const { t } = useTranslation('reviews');
  const lng = useLanguage();
  const texts: Texts = { t, lng };
  const sortId = useId();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const hasReviews = product.reviewCount > 0;
  const args = { ...firstReviewPage(product._id, lng), sort, page };
  const { data, isFetching, isError, refetch } = useListProductReviewsQuery(args, { skip: !hasReviews });
  const list = useRef<HTMLUListElement>(null);
  // After a move to another page, the focus goes to the top of its list once it is there.
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current || isFetching || data?.page !== page) return;
    moved.current = false;
    list.current?.focus();
  }, [isFetching, data?.page, page]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const goTo = (next: number) => {
    moved.current = true;
    setPage(next);
  };

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="dk-reviews">
      <h2 id="reviews-title" className="dk-section-title">
        {t('title')}
      </h2>
      <p className="dk-reviews__checked">{t('howChecked')}</p>
      {hasReviews ? (
        <Summary average={data?.summary.average ?? product.rating} count={data?.summary.count ?? product.reviewCount} summary={data?.summary} texts={texts} />
      ) : (
        <p className="dk-reviews__none">{t('none')}</p>
      )}
      <MyReview productId={product._id} />
      {hasReviews ? (
        <div className="dk-reviews__all">
          <div className="dk-reviews__bar">
            <label htmlFor={sortId}>{t('sortBy')}</label>
            <select
              id={sortId}
              className="dk-aisle__select"
              value={sort}
              onChange={(event) => {
                const chosen = SORTS.find((option) => option === event.currentTarget.value);
                if (!chosen) return;
                setSort(chosen);
                setPage(1);
              }}
            >
              {SORTS.map((option) => (
                <option key={option} value={option}>
                  {t(`sort.${option}`)}
                </option>
              ))}
            </select>
          </div>
          {isError && !data ? (
            <div role="alert" className="dk-load-error">
              <p>{t('loadError')}</p>
              <button type="button" className="dk-button dk-button--outlined" onClick={() => void refetch()}>
                {t('retry')}
              </button>
            </div>
          ) : null}
          {!data && !isError ? (
            <p role="status" className="dk-muted">
              {t('loading')}
            </p>
          ) : null}
          {data ? (
            <ul ref={list} tabIndex={-1} aria-label={t('list')} aria-busy={isFetching} className="dk-reviews__list">
              {data.data.map((review) => (
                <ReviewItem key={review._id} review={review} texts={texts} />
              ))}
            </ul>
          ) : null}
          {pages > 1 ? (
            <nav aria-label={t('pages')} className="dk-reviews__pager">
              <button type="button" className="dk-button dk-button--outlined" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('previous')}
              </button>
              <p aria-live="polite">{t('page', { page, pages })}</p>
              <button type="button" className="dk-button dk-button--outlined" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                {t('next')}
              </button>
            </nav>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
