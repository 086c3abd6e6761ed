import { type ReactNode, useState } from 'react';

import { REPLAY_EACH_ATTRIBUTE } from '../lib/early-events';

import { Icon } from './icons';

/**
 * A collapsible section (the disclosure pattern): a heading whose button opens and closes the
 * region it names. The cart's sections and the product page's details, plain elements styled by
 * app/shop.css (`.dk-disclosure`, decision 0027). Each press counts, also those made before its
 * part was live (they are replayed, decision 0024).
 */
export function Disclosure({ id, title, defaultOpen = true, children }: { id: string; title: ReactNode; defaultOpen?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <section className="dk-disclosure">
      <h2 className="dk-disclosure__heading">
        <button
          type="button"
          id={`${id}-header`}
          aria-expanded={open}
          aria-controls={`${id}-content`}
          onClick={() => setOpen(!open)}
          {...{ [REPLAY_EACH_ATTRIBUTE]: '' }}
        >
          <span>{title}</span>
          <Icon name="expandMore" className="dk-disclosure__icon" />
        </button>
      </h2>
      <div id={`${id}-content`} role="region" aria-labelledby={`${id}-header`} hidden={!open} className="dk-disclosure__content">
        {children}
      </div>
    </section>
  );
}
