import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { type SliderSettings, slideCountVariables } from '../lib/slider-settings';

import { Carousel } from './carousel';
import { ProductCard, type ProductCardProduct } from './product-card';
import { SkeletonCard } from './skeleton-card';

/** "View all", named after its section for screen readers ("View all Apple deals"). */
export function ViewAllLink({ href, title }: { href: string; title: string }) {
  const { t } = useTranslation('catalog');
  return (
    <Link to={href} className="dk-view-all">
      {`${t('home.viewAll')} `}
      <span className="dk-visually-hidden">{title}</span>
    </Link>
  );
}

/**
 * Placeholder slides, at the slider's widths, while its products load (and on the server, for the
 * product page's "Customers also viewed"): plain elements styled by app/shop.css, not a styled
 * component each (MUI's Skeleton): a page renders them on the server by the dozen.
 */
function CarouselSkeleton({ settings, wide }: { settings: SliderSettings; wide: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <div role="status" aria-label={t('grid.loading')} className={`dk-skeleton${wide ? ' dk-skeleton--wide' : ''}`}>
      <div className="dk-slides" aria-hidden="true" style={slideCountVariables(settings)}>
        {Array.from({ length: settings.slidesToShow }, (_, index) => (
          <div key={index}>
            <SkeletonCard />
          </div>
        ))}
      </div>
    </div>
  );
}

export interface ProductCarouselSectionProps {
  title: string;
  /** Where "View all" goes (the department, or a filtered view of it); no link without it. */
  viewAllHref?: string;
  settings: SliderSettings;
  products: readonly ProductCardProduct[] | undefined;
  isLoading: boolean;
  isError?: boolean;
  /** `wide` cards (photo beside text) suit sliders showing one or two at a time. */
  cardLayout?: 'grid' | 'wide';
}

/**
 * The spec's carousel section: a title, "View all" and a slider of product cards. Shows
 * placeholders while loading and nothing at all when there is nothing to show.
 */
export function ProductCarouselSection({
  title,
  viewAllHref,
  settings,
  products,
  isLoading,
  isError = false,
  cardLayout = 'grid',
}: ProductCarouselSectionProps) {
  const { t } = useTranslation('catalog');
  const headingId = useId();
  if (!isLoading && !isError && (!products || products.length === 0)) return null;

  const header = (
    <>
      <h2 className="dk-section-title" id={headingId}>
        {title}
      </h2>
      {viewAllHref ? <ViewAllLink href={viewAllHref} title={title} /> : null}
    </>
  );

  if (isLoading || isError || !products) {
    return (
      <section aria-labelledby={headingId} className="dk-carousel-section dk-later">
        <div className="dk-carousel-section__header">{header}</div>
        {isError ? <p className="dk-muted">{t('grid.error')}</p> : <CarouselSkeleton settings={settings} wide={cardLayout === 'wide'} />}
      </section>
    );
  }
  // The slider is the section's region, named by the same heading.
  return (
    <section className="dk-carousel-section dk-later">
      <Carousel
        labelledBy={headingId}
        header={header}
        settings={settings}
        slides={products.map((product) => ({ key: product._id, content: <ProductCard product={product} layout={cardLayout} /> }))}
      />
    </section>
  );
}
