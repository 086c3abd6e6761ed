import type { Category } from '@dukkan/contracts/catalog';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GridViewIcon from '@mui/icons-material/GridView';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadMenuList = () => import('./categories-menu-list');
const CategoriesMenuList = lazy(loadMenuList);

/** The header's "Categories" dropdown: every category, each linking to its page `/{slug}`. */
export function CategoriesMenu({ categories }: { categories: readonly Category[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened, the menu stays mounted so that it can animate closed.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonId = useId();

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadMenuList()}
        onFocus={() => void loadMenuList()}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
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
      {used ? (
        <Suspense fallback={null}>
          <CategoriesMenuList
            id={menuId}
            labelledBy={buttonId}
            anchor={anchor}
            categories={categories}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
