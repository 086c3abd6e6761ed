import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { type SliderSettings, slideBasisSx } from '../lib/slider-settings';

import { Carousel } from './carousel';
import { ProductCard, type ProductCardProduct } from './product-card';

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

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

/**
 * Placeholder slides, at the slider's widths, while its products load (and on the server, for the
 * product page's "Customers also viewed"). Plain elements styled once by the section's root, not
 * a styled component each (MUI's Skeleton): a page renders them on the server by the dozen.
 */
function CarouselSkeleton({ settings, wide }: { settings: SliderSettings; wide: boolean }) {
  const { t } = useTranslation('catalog');
  const bone = { bgcolor: 'rgba(31, 35, 40, 0.11)', borderRadius: 1, animation: `${pulse} 2s ease-in-out 0.5s infinite` };
  return (
    <Box
      role="status"
      aria-label={t('grid.loading')}
      sx={{
        overflow: 'hidden',
        '& .skeleton-slides': { display: 'flex', marginInlineStart: '-16px' },
        '& .skeleton-slide': { ...slideBasisSx(settings), minWidth: 0, paddingInlineStart: '16px' },
        '& .skeleton-card': { p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, display: 'flex', gap: 2, flexDirection: wide ? 'row' : 'column' },
        '& .skeleton-photo': { ...bone, width: wide ? '40%' : '100%', maxWidth: 220, aspectRatio: '1 / 1' },
        '& .skeleton-text': { flex: 1 },
        '& .skeleton-line': { ...bone, height: '0.8em', my: '0.35em', borderRadius: 0.5 },
        '& .skeleton-line:first-of-type': { width: '40%', height: '0.9em' },
        '& .skeleton-line:last-of-type': { width: '70%' },
        '@media (prefers-reduced-motion: reduce)': { '& .skeleton-photo, & .skeleton-line': { animation: 'none' } },
      }}
    >
      <div className="skeleton-slides" aria-hidden="true">
        {Array.from({ length: settings.slidesToShow }, (_, index) => (
          <div key={index} className="skeleton-slide">
            <div className="skeleton-card">
              <div className="skeleton-photo" />
              <div className="skeleton-text">
                <div className="skeleton-line" />
                <div className="skeleton-line" />
                <div className="skeleton-line" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </Box>
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
      <Box component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2, mb: { xs: 1.5, md: 2 }, minHeight: 40 }}>
          {header}
        </Box>
        {isError ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('grid.error')}</Typography>
        ) : (
          <CarouselSkeleton settings={settings} wide={cardLayout === 'wide'} />
        )}
      </Box>
    );
  }
  // The slider is the section's region, named by the same heading.
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Carousel
        labelledBy={headingId}
        header={header}
        settings={settings}
        slides={products.map((product) => ({ key: product._id, content: <ProductCard product={product} layout={cardLayout} /> }))}
      />
    </Box>
  );
}
