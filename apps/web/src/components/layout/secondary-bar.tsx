import type { Category } from '@dukkan/contracts/catalog';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { Icon } from '../icons';

/**
 * The bar under the header (spec section 2): the shop's store (name and fixed address), an
 * app promo and links to every department. Plain elements styled by app/shop.css (decision 0027):
 * every page renders it. The department links draw their focus ring inside them: the list
 * scrolls sideways, and a scroller clips what overflows it.
 */
export function SecondaryBar({ categories }: { categories: readonly Category[] }) {
  const { t } = useTranslation();

  return (
    <nav aria-label={t('secondaryBar.label')} className="dk-secondary">
      <div className="dk-secondary__bar">
        <div className="dk-secondary__store">
          <Icon name="storefront" small className="dk-secondary__store-icon" />
          <div className="dk-secondary__store-text">
            <span className="dk-secondary__store-name">{t('secondaryBar.storeName')}</span>
            <span className="dk-secondary__store-address">{t('secondaryBar.address')}</span>
          </div>
        </div>
        <ul className="dk-secondary__departments">
          {categories.map((category) => (
            <li key={category._id}>
              <RouterLink to={storefrontPaths.category(category.name)}>{category.label}</RouterLink>
            </li>
          ))}
        </ul>
        <a href="#" className="dk-secondary__app">
          <Icon name="phone" small />
          {t('secondaryBar.appPromo')}
        </a>
      </div>
    </nav>
  );
}
