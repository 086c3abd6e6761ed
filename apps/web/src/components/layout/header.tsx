import type { Category } from '@dukkan/contracts/catalog';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DeferHydration } from '../../lib/deferred-hydration';
import { useHydrated } from '../../lib/use-hydrated';

import { CategoriesMenu } from './categories-menu';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import { SearchBox } from './search-box';

export interface HeaderProps {
  categories: readonly Category[];
  /** The signed-in user, or `null` for a guest. */
  user: { name: string } | null;
  /** Number of items in the cart (0 when none). */
  cartCount: number;
  onLogout: () => void;
  /** The search box; the main layout passes one with suggestions (the search feature's). */
  search?: ReactNode;
}

function AccountLinks({ user: signedIn, onLogout }: Pick<HeaderProps, 'user' | 'onLogout'>) {
  const { t } = useTranslation();
  // The guest's links until this part is live: it hydrates after the page, as the server rendered it.
  const user = useHydrated() ? signedIn : null;
  const linkSx = { color: 'inherit', fontWeight: 600, fontSize: { xs: '0.78rem', sm: '0.9rem' }, whiteSpace: 'nowrap' } as const;

  if (user) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }}>
        <Link href="/userprofile" underline="hover" sx={linkSx}>
          {t('header.greeting', { name: user.name })}
        </Link>
        <Button color="inherit" size="small" onClick={onLogout} sx={{ ...linkSx, minWidth: 0 }}>
          {t('header.logout')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.75, sm: 1.5 } }}>
      <PersonOutlinedIcon aria-hidden="true" sx={{ display: { xs: 'none', md: 'block' } }} />
      <Link href="/login" underline="hover" sx={linkSx}>
        {t('header.signIn')}
      </Link>
      <Link href="/register" underline="hover" sx={linkSx}>
        {t('header.register')}
      </Link>
    </Box>
  );
}

function WishlistAndCart({ cartCount }: Pick<HeaderProps, 'cartCount'>) {
  const { t } = useTranslation();
  // An empty cart until this part is live, as the server rendered it (it cannot see the cart).
  const count = useHydrated() ? cartCount : 0;
  return (
    <>
      <IconButton href="/wishlist" color="inherit" aria-label={t('header.wishlist')}>
        <FavoriteBorderIcon aria-hidden="true" />
      </IconButton>
      <IconButton href="/Cart" color="inherit" aria-label={t('header.cartCount', { count })}>
        <Badge badgeContent={count} showZero max={99} color="secondary">
          <ShoppingCartOutlinedIcon aria-hidden="true" />
        </Badge>
      </IconButton>
    </>
  );
}

/**
 * The header of every main-layout page (spec section 2). Phones get two rows: logo, account,
 * wishlist and cart; then categories, search and language. On a server-rendered page each of
 * its controls hydrates in a task of its own, right after the page, whether in view or not: they
 * show the session (lib/deferred-hydration.tsx).
 */
export function Header({ categories, user, cartCount, onLogout, search = <SearchBox /> }: HeaderProps) {
  return (
    <AppBar
      position="static"
      elevation={0}
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        '& :focus-visible': { outline: '3px solid #ffffff', outlineOffset: 2 },
      }}
    >
      <Box
        sx={{
          maxWidth: 1536,
          width: '100%',
          mx: 'auto',
          px: { xs: 1.5, sm: 2, md: 3 },
          py: { xs: 1, md: 1.5 },
          display: 'flex',
          flexWrap: { xs: 'wrap', md: 'nowrap' },
          alignItems: 'center',
          columnGap: { xs: 0.5, md: 2 },
          rowGap: 1,
        }}
      >
        <Box sx={{ order: 0 }}>
          <Logo />
        </Box>
        <Box sx={{ order: { xs: 10, md: 1 } }}>
          <DeferHydration eager>
            <CategoriesMenu categories={categories} />
          </DeferHydration>
        </Box>
        <Box sx={{ order: { xs: 11, md: 2 }, flex: 1, minWidth: 0, display: 'flex' }}>
          <DeferHydration eager>{search}</DeferHydration>
        </Box>
        <Box sx={{ order: { xs: 12, md: 3 } }}>
          <DeferHydration eager>
            <LanguageMenu />
          </DeferHydration>
        </Box>
        {/* Pushes the account and icons to the end of the first row on phones. */}
        <Box aria-hidden="true" sx={{ order: 1, flex: 1, display: { xs: 'block', md: 'none' } }} />
        <Box sx={{ order: { xs: 2, md: 4 } }}>
          <DeferHydration eager>
            <AccountLinks user={user} onLogout={onLogout} />
          </DeferHydration>
        </Box>
        <Box sx={{ order: { xs: 3, md: 5 }, display: 'flex', alignItems: 'center', '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } } }}>
          <DeferHydration eager>
            <WishlistAndCart cartCount={cartCount} />
          </DeferHydration>
        </Box>
        {/* Line break before the second row on phones. */}
        <Box aria-hidden="true" sx={{ order: 9, flexBasis: '100%', height: 0, display: { xs: 'block', md: 'none' } }} />
      </Box>
    </AppBar>
  );
}
