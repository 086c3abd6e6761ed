import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Carousel } from '../../components/carousel';
import { categoryPath } from '../../lib/category-path';
import { FOCUS_RING } from '../../lib/focus-ring';
import { DEPARTMENTS_SLIDER, slideBasisSx } from '../../lib/slider-settings';
import { useLanguage } from '../../lib/use-language';

import { useListCategoriesQuery } from './catalog-api';

const imageSx = {
  display: 'block',
  width: '100%',
  maxWidth: 160,
  height: 'auto',
  aspectRatio: '1 / 1',
  borderRadius: '50%',
} as const;

/**
 * "Get it all right here" (spec section 2): the departments slider, each department's picture
 * and name linking to its page, 4 at a time.
 */
export function CategorySlider({ title }: { title: string }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const headingId = useId();
  const { data: categories, isLoading, isError } = useListCategoriesQuery({ lng });
  const heading = (
    <Typography variant="h2" id={headingId}>
      {title}
    </Typography>
  );

  if (isLoading || isError || !categories) {
    return (
      <Box component="section" aria-labelledby={headingId}>
        <Box sx={{ mb: 2, minHeight: 40, display: 'flex', alignItems: 'center' }}>{heading}</Box>
        {isError ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('home.categoriesError')}</Typography>
        ) : (
          <Box role="status" aria-label={t('grid.loading')} sx={{ display: 'flex', overflow: 'hidden' }}>
            {Array.from({ length: DEPARTMENTS_SLIDER.slidesToShow }, (_, index) => (
              <Box key={index} aria-hidden="true" sx={{ ...slideBasisSx(DEPARTMENTS_SLIDER), px: 1, textAlign: 'center' }}>
                <Skeleton variant="circular" sx={{ ...imageSx, mx: 'auto' }} />
                <Skeleton variant="text" sx={{ mx: 'auto', width: '60%' }} />
              </Box>
            ))}
          </Box>
        )}
      </Box>
    );
  }

  // The slider is the section's region, named by the same heading.
  return (
    <Box component="section">
      <Carousel
        labelledBy={headingId}
        header={heading}
        settings={DEPARTMENTS_SLIDER}
        gap={12}
        slides={categories.map((category) => ({
          key: category._id,
          content: (
            <Link
              href={categoryPath(category.name)}
              underline="hover"
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 1,
                py: 0.5,
                color: 'text.primary',
                fontWeight: 600,
                textAlign: 'center',
                fontSize: { xs: '0.85rem', md: '1rem' },
                borderRadius: 2,
                '&:hover img': { transform: 'scale(1.04)' },
                // Inside the link: the slider's viewport clips what overflows it.
                '&.Mui-focusVisible': { outlineOffset: -FOCUS_RING.width },
              }}
            >
              <Box
                component="img"
                src={category.image}
                alt=""
                width={400}
                height={400}
                loading="lazy"
                decoding="async"
                sx={{ ...imageSx, objectFit: 'cover', bgcolor: '#e6f1fc', transition: 'transform 200ms' }}
              />
              {category.label}
            </Link>
          ),
        }))}
      />
    </Box>
  );
}
