import type { Product } from '@dukkan/contracts/catalog';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { Disclosure } from '../../components/disclosure';
import { PriceAmount } from '../../components/price';

/**
 * The product page's accordions (spec section 2): "Product details" (title, price, category,
 * quantity in pieces), open with the page, then "About the brand" and "Specifications" (both the
 * description). Plain disclosures (components/disclosure.tsx), not MUI's Accordion, which the
 * product page would otherwise load and style for three headings (decision 0027).
 */
export function ProductAccordions({ product }: { product: Product }) {
  const { t } = useTranslation('catalog');
  const idPrefix = useId();
  const details: [label: string, value: ReactNode][] = [
    [t('details.fieldTitle'), product.title],
    [t('details.fieldPrice'), <PriceAmount amount={product.price} />],
    [t('details.fieldCategory'), product.categoryLabel],
    [t('details.fieldQuantity'), t('details.pieces', { count: product.quantity })],
  ];
  const sections = [
    {
      key: 'details',
      title: t('details.productDetails'),
      body: (
        <dl className="dk-details-list">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ),
    },
    { key: 'brand', title: t('details.aboutBrand'), body: <p className="dk-details-text">{product.description}</p> },
    { key: 'specifications', title: t('details.specifications'), body: <p className="dk-details-text">{product.description}</p> },
  ];

  return (
    <div className="dk-details">
      {sections.map((section, index) => (
        <Disclosure key={section.key} id={`${idPrefix}-${section.key}`} title={section.title} defaultOpen={index === 0}>
          {section.body}
        </Disclosure>
      ))}
    </div>
  );
}
