import type { Product } from '@dukkan/contracts/catalog';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

import { PriceAmount } from '../../components/price';
import { REPLAY_EACH_ATTRIBUTE } from '../../lib/early-events';

const accordionSx = { '&::before': { display: 'none' }, border: 1, borderColor: 'divider', borderRadius: 2, boxShadow: 'none' } as const;

/**
 * The product page's accordions (spec section 2): "Product details" (title, price, category,
 * quantity in pieces), "About the brand" and "Specifications" (both the description).
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
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 3, rowGap: 1 }}>
          {details.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 700 }}>
                {label}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      ),
    },
    { key: 'brand', title: t('details.aboutBrand'), body: <Typography>{product.description}</Typography> },
    { key: 'specifications', title: t('details.specifications'), body: <Typography>{product.description}</Typography> },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {sections.map((section, index) => (
        <Accordion key={section.key} defaultExpanded={index === 0} disableGutters sx={accordionSx} slotProps={{ heading: { component: 'h2' } }}>
          <AccordionSummary
            id={`${idPrefix}-${section.key}-header`}
            aria-controls={`${idPrefix}-${section.key}-content`}
            // Each press opens or closes it, also those made before this part was live.
            {...{ [REPLAY_EACH_ATTRIBUTE]: '' }}
            expandIcon={<ExpandMoreIcon />}
            sx={{ '& .MuiAccordionSummary-content': { fontWeight: 700, fontSize: '1.05rem' } }}>
            {section.title}
          </AccordionSummary>
          <AccordionDetails>{section.body}</AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
