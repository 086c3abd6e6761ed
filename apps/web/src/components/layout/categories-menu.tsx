import type { Category } from '@dukkan/contracts/catalog';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GridViewIcon from '@mui/icons-material/GridView';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { useMenuButton } from './use-menu-button';

const loadMenuList = () => import('./categories-menu-list');
const CategoriesMenuList = lazy(loadMenuList);

/** The header's "Categories" dropdown: every category, each linking to its page `/{name}`. */
export function CategoriesMenu({ categories }: { categories: readonly Category[] }) {
  const { t } = useTranslation();
  const menu = useMenuButton(loadMenuList);

  return (
    <>
      <Button
        {...menu.buttonProps}
        color="inherit"
        startIcon={<GridViewIcon aria-hidden="true" />}
        endIcon={<ExpandMoreIcon aria-hidden="true" />}
        sx={{
          flexShrink: 0,
          px: { xs: 1, md: 1.5 },
          '& .MuiButton-startIcon': { mx: { xs: 0, md: 0.5 } },
          '& .MuiButton-endIcon': { display: { xs: 'none', md: 'inherit' } },
        }}
      >
        {/* Visually hidden (not removed) on phones, so the icon button keeps its name. */}
        <Box
          component="span"
          sx={{
            position: { xs: 'absolute', md: 'static' },
            width: { xs: '1px', md: 'auto' },
            height: { xs: '1px', md: 'auto' },
            overflow: { xs: 'hidden', md: 'visible' },
            clip: { xs: 'rect(0 0 0 0)', md: 'auto' },
            whiteSpace: 'nowrap',
          }}
        >
          {t('header.categories')}
        </Box>
      </Button>
      {menu.used ? (
        <Suspense fallback={null}>
          <CategoriesMenuList
            id={menu.menuId}
            labelledBy={menu.buttonId}
            anchor={menu.anchor}
            categories={categories}
            onClose={menu.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
