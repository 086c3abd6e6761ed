import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { type SliderSettings, slideBasisSx } from '../lib/slider-settings';
import { visuallyHidden } from '../lib/visually-hidden';

import { Carousel } from './carousel';
import { ProductCard, type ProductCardProduct } from './product-card';

/** "View all", named after its section for screen readers ("View all Apple deals"). */
export function ViewAllLink({ href, title }: { href: string; title: string }) {
  const { t } = useTranslation('catalog');
  return (
    <Link href={href} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {`${t('home.viewAll')} `}
      <span style={visuallyHidden}>{title}</span>
    </Link>
  );
}

/** Placeholder slides, at the slider's widths, while its products load. */
function CarouselSkeleton({ settings, wide }: { settings: SliderSettings; wide: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <Box role="status" aria-label={t('grid.loading')} sx={{ overflow: 'hidden' }}>
      <Box aria-hidden="true" sx={{ display: 'flex', marginInlineStart: '-16px' }}>
        {Array.from({ length: settings.slidesToShow }, (_, index) => (
          <Box key={index} sx={{ ...slideBasisSx(settings), minWidth: 0, paddingInlineStart: '16px' }}>
            <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, display: 'flex', gap: 2, flexDirection: wide ? 'row' : 'column' }}>
              <Skeleton variant="rounded" sx={{ width: wide ? '40%' : '100%', maxWidth: 220, height: 'auto', aspectRatio: '1 / 1' }} />
              <Box sx={{ flex: 1 }}>
                <Skeleton variant="text" sx={{ fontSize: '1.1rem', width: '40%' }} />
                <Skeleton variant="text" />
                <Skeleton variant="text" sx={{ width: '70%' }} />
              </Box>
            </Box>
          </Box>
        ))}
      </Box>
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
      <Typography variant="h2" id={headingId}>
        {title}
      </Typography>
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
