import { useTranslation } from 'react-i18next';

import { DeferHydration } from '../lib/deferred-hydration';

import { ProductCard, type ProductCardProduct } from './product-card';
import { SkeletonCard } from './skeleton-card';

/**
 * Products in the spec's grid (2 columns, 3 from medium width: `.dk-grid` in app/shop.css), as a
 * list. On a server-rendered page each card hydrates on its own when it comes near the viewport
 * (lib/deferred-hydration.tsx).
 */
export function ProductGrid({ products }: { products: readonly ProductCardProduct[] }) {
  return (
    <ul className="dk-grid">
      {products.map((product) => (
        <li key={product._id}>
          <DeferHydration>
            <ProductCard product={product} />
          </DeferHydration>
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards in the same grid while products load. */
export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation('catalog');
  return (
    <div role="status" aria-label={t('grid.loading')}>
      <ul className="dk-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <SkeletonCard />
          </li>
        ))}
      </ul>
    </div>
  );
}
