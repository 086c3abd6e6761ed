import type { Category } from '@dukkan/contracts/catalog';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

import { LinkBehavior } from '../../lib/link-behavior';
import { MuiScope } from '../mui/mui-scope';

/** Spec section 2: the categories list is at most 761px high (it scrolls beyond). */
export const CATEGORIES_MENU_MAX_HEIGHT = 761;

export interface CategoriesMenuListProps {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  categories: readonly Category[];
  onClose: () => void;
}

/** The open "Categories" menu; loaded on first use, it keeps Popover and Modal out of the first load. */
export default function CategoriesMenuList({ id, labelledBy, anchor, categories, onClose }: CategoriesMenuListProps) {
  return (
    // MUI's theme comes with the menu (components/mui/mui-scope.tsx): the header itself is plain elements.
    <MuiScope>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={onClose}
        slotProps={{
          paper: { sx: { maxHeight: CATEGORIES_MENU_MAX_HEIGHT, minWidth: 240 } },
          list: { 'aria-labelledby': labelledBy },
        }}
      >
        {categories.map((category) => (
          <MenuItem key={category._id} component={LinkBehavior} href={storefrontPaths.category(category.name)} onClick={onClose}>
            <Box
              component="img"
              src={category.image}
              alt=""
              width={32}
              height={32}
              loading="lazy"
              sx={{ borderRadius: '50%', bgcolor: 'action.hover', marginInlineEnd: 1.5 }}
            />
            {category.label}
          </MenuItem>
        ))}
      </Menu>
    </MuiScope>
  );
}
