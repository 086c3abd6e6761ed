import type { Category } from '@dukkan/contracts/catalog';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { categoryPath } from '../../lib/category-path';
import { FOCUS_RING } from '../../lib/focus-ring';

/**
 * The bar under the header (spec section 2): the shop's store (name and fixed address), an
 * app promo and links to every department.
 */
export function SecondaryBar({ categories }: { categories: readonly Category[] }) {
  const { t } = useTranslation();

  return (
    <Box
      component="nav"
      aria-label={t('secondaryBar.label')}
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', color: 'text.primary' }}
    >
      <Box
        sx={{
          maxWidth: 1536,
          mx: 'auto',
          px: { xs: 1.5, sm: 2, md: 3 },
          py: 0.75,
          display: 'flex',
          alignItems: 'center',
          gap: { xs: 1, md: 3 },
          flexWrap: { xs: 'wrap', xl: 'nowrap' },
          fontSize: '0.875rem',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flex: { xs: 1, xl: '0 0 auto' } }}>
          <StorefrontOutlinedIcon fontSize="small" aria-hidden="true" sx={{ color: 'primary.main' }} />
          <Box sx={{ minWidth: 0, lineHeight: 1.3, '& > span': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}>
            <Box component="span" sx={{ fontWeight: 700 }}>
              {t('secondaryBar.storeName')}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8rem' }}>
              {t('secondaryBar.address')}
            </Box>
          </Box>
        </Box>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'flex',
            gap: 0.5,
            flex: 1,
            minWidth: 0,
            order: { xs: 3, xl: 0 },
            flexBasis: { xs: '100%', xl: 'auto' },
            overflowX: 'auto',
            scrollbarWidth: 'thin',
            // Router links styled here once, not a styled component each (every page renders them
            // on the server).
            '& a': {
              display: 'block',
              px: 1.25,
              py: 0.5,
              borderRadius: 999,
              color: 'text.primary',
              textDecoration: 'none',
              whiteSpace: 'nowrap',
              fontWeight: 500,
              '&:hover': { bgcolor: 'action.hover', textDecoration: 'underline' },
              // Inside the link: the list scrolls sideways, and a scroller clips what overflows it.
              '&:focus-visible': { outlineOffset: -FOCUS_RING.width },
            },
          }}
        >
          {categories.map((category) => (
            <li key={category._id}>
              <RouterLink to={categoryPath(category.name)}>{category.label}</RouterLink>
            </li>
          ))}
        </Box>
        <Link
          href="#"
          underline="hover"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            fontWeight: 600,
            fontSize: { xs: '0.8rem', sm: 'inherit' },
            whiteSpace: 'nowrap',
            flexShrink: 0,
            marginInlineStart: 'auto',
          }}
        >
          <PhoneIphoneIcon fontSize="small" aria-hidden="true" />
          {t('secondaryBar.appPromo')}
        </Link>
      </Box>
    </Box>
  );
}
