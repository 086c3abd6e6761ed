import { useTranslation } from 'react-i18next';

import { ProductCarouselSection } from '../../components/product-carousel-section';
import { PromoBanner } from '../../components/promo-banner';
import { useListCategoryProductsQuery } from '../../features/catalog/catalog-api';
import { CategorySlider } from '../../features/catalog/category-slider';
import { bannerSrc } from '../../features/catalog/departments';
import { DeferHydration } from '../../lib/deferred-hydration';
import { DEALS_SLIDER } from '../../lib/slider-settings';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

import { HomeVideo } from './home-video';

/** Grocery products in "Renew your everything". */
export const HOME_GROCERY_COUNT = 12;

/** "Renew your everything": the deals slider of Grocery products beside the video. */
function RenewSection() {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  // The Grocery page's first page: the same request, so either page fills the other's cache.
  const { data, isLoading, isError } = useListCategoryProductsQuery({ lng, category: 'Grocery' });
  return (
    <div className="dk-home-renew">
      <HomeVideo />
      <ProductCarouselSection
        title={t('home.renewTitle')}
        viewAllHref="/Grocery"
        settings={DEALS_SLIDER}
        products={data?.data.slice(0, HOME_GROCERY_COUNT)}
        isLoading={isLoading}
        isError={isError}
        cardLayout="wide"
      />
    </div>
  );
}

/**
 * The home page (spec section 2): hero banner, "Renew your everything" (Grocery products
 * beside a video) and "Get it all right here" (the departments slider, 4 at a time).
 */
export function HomePage() {
  const { t } = useTranslation('catalog');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(tCommon('pageTitle', { page: t('home.title') }));

  return (
    <div className="dk-home">
      {/* A picture, words and a link: it hydrates only when touched (lib/deferred-hydration.tsx). */}
      <DeferHydration hydrate="touched">
        <PromoBanner
          image={bannerSrc('home-hero')}
          title={t('home.heroTitle')}
          text={t('home.heroText')}
          headingLevel="h1"
          action={{ label: t('home.heroCta'), href: '/Grocery' }}
          priority
        />
      </DeferHydration>
      {/* Each hydrates on its own when it comes near the viewport (lib/deferred-hydration.tsx). */}
      <DeferHydration>
        <RenewSection />
      </DeferHydration>
      <DeferHydration>
        <CategorySlider title={t('home.departmentsTitle')} />
      </DeferHydration>
    </div>
  );
}
