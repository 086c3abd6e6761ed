import type { Category } from '@dukkan/contracts/catalog';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { Icon } from '../icons';

import { useMenuButton } from './use-menu-button';

const loadMenuList = () => import('./categories-menu-list');
const CategoriesMenuList = lazy(loadMenuList);

/** The header's "Categories" dropdown: every category, each linking to its page `/{name}`. */
export function CategoriesMenu({ categories }: { categories: readonly Category[] }) {
  const { t } = useTranslation();
  const menu = useMenuButton(loadMenuList);

  return (
    <>
      <button type="button" {...menu.buttonProps} className="dk-header-button dk-header-button--categories">
        <Icon name="gridView" />
        {/* Visually hidden (not removed) on phones, so the icon button keeps its name. */}
        <span className="dk-header-button__label--wide">{t('header.categories')}</span>
        <Icon name="expandMore" className="dk-header-button__end" />
      </button>
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
