import type { CSSProperties, ReactNode } from 'react';

/**
 * One product in a list of the shopper's own (cart lines, wish-list items, the checkout's lines):
 * a decorative thumbnail (the title beside it names the product), the details, and an aside for
 * amounts or buttons. `busy` marks the item while a change to it is in flight. Plain elements
 * styled by app/shop.css (`.dk-line`; decision 0027).
 */
export function ProductLine({ thumbnail, size, busy, children }: { thumbnail: string; size: number; busy: boolean; children: ReactNode }) {
  return (
    <li aria-busy={busy} className="dk-line" style={{ '--line-photo': `${size}px` } as CSSProperties}>
      <img className="dk-line__photo" src={thumbnail} alt="" width={size} height={size} loading="lazy" />
      {children}
    </li>
  );
}
