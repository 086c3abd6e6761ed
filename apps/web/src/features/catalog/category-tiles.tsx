import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { categoryPath } from '../../lib/category-path';
import { useLanguage } from '../../lib/use-language';

import { useListCategoriesQuery } from './catalog-api';

const tilesSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: { xs: 'repeat(3, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))', md: 'repeat(9, minmax(0, 1fr))' },
  gap: { xs: 2, md: 2.5 },
} as const;

/** Every department as a round picture and its name, linking to its page. */
export function CategoryTiles() {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const { data: categories, isLoading, isError } = useListCategoriesQuery({ lng });

  if (isLoading) {
    return (
      <Box role="status" aria-label={t('grid.loading')}>
        <Box component="ul" sx={tilesSx} aria-hidden="true">
          {Array.from({ length: 9 }, (_, index) => (
            <li key={index}>
              <Skeleton variant="circular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
              <Skeleton variant="text" sx={{ mx: 'auto', width: '70%' }} />
            </li>
          ))}
        </Box>
      </Box>
    );
  }
  if (isError || !categories) {
    return <Typography sx={{ color: 'text.secondary' }}>{t('home.categoriesError')}</Typography>;
  }
  return (
    <Box component="ul" sx={tilesSx}>
      {categories.map((category) => (
        <li key={category._id}>
          <Link
            href={categoryPath(category.slug)}
            underline="hover"
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: 1,
              color: 'text.primary',
              fontWeight: 600,
              textAlign: 'center',
              fontSize: { xs: '0.85rem', md: '0.95rem' },
              borderRadius: 2,
              '&:hover img': { transform: 'scale(1.04)' },
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
              sx={{
                width: '100%',
                maxWidth: 140,
                height: 'auto',
                aspectRatio: '1 / 1',
                borderRadius: '50%',
                objectFit: 'cover',
                bgcolor: '#e6f1fc',
                transition: 'transform 200ms',
              }}
            />
            {category.name}
          </Link>
        </li>
      ))}
    </Box>
  );
}
