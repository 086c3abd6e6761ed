import { storefrontPaths } from '@dukkan/contracts/storefront-urls';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Carousel } from '../../components/carousel';
import { PICTURE_SIZES, pictureProps } from '../../lib/picture';
import { DEPARTMENTS_SLIDER, slideCountVariables } from '../../lib/slider-settings';
import { useLanguage } from '../../lib/use-language';

import { useListCategoriesQuery } from './catalog-api';

/**
 * "Get it all right here" (spec section 2): the departments slider, each department's picture
 * and name linking to its page, 4 at a time. Plain elements styled by app/shop.css (decision
 * 0027); a department's link draws its focus ring inside it: the slider's viewport clips what
 * overflows it.
 */
export function CategorySlider({ title }: { title: string }) {
  const { t } = useTranslation('catalog');
  const lng = useLanguage();
  const headingId = useId();
  const { data: categories, isLoading, isError } = useListCategoriesQuery({ lng });
  const heading = (
    <h2 className="dk-section-title" id={headingId}>
      {title}
    </h2>
  );

  if (isLoading || isError || !categories) {
    return (
      <section aria-labelledby={headingId} className="dk-later">
        <div className="dk-section-heading-row">{heading}</div>
        {isError ? (
          <p className="dk-muted">{t('home.categoriesError')}</p>
        ) : (
          <div role="status" aria-label={t('grid.loading')} className="dk-slides dk-skeleton" style={slideCountVariables(DEPARTMENTS_SLIDER)}>
            {Array.from({ length: DEPARTMENTS_SLIDER.slidesToShow }, (_, index) => (
              <div key={index} aria-hidden="true" className="dk-department-placeholder">
                <div className="dk-department-placeholder__image" />
                <div className="dk-department-placeholder__name" />
              </div>
            ))}
          </div>
        )}
      </section>
    );
  }

  // The slider is the section's region, named by the same heading.
  return (
    <section className="dk-later">
      <Carousel
        labelledBy={headingId}
        header={heading}
        settings={DEPARTMENTS_SLIDER}
        gap={12}
        slides={categories.map((category) => ({
          key: category._id,
          content: (
            <Link to={storefrontPaths.category(category.name)} className="dk-department-slide">
              <img {...pictureProps(category.image, PICTURE_SIZES.tile, 640)} alt="" width={400} height={400} loading="lazy" decoding="async" />
              {category.label}
            </Link>
          ),
        }))}
      />
    </section>
  );
}
