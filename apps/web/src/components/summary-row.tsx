import type { ReactNode } from 'react';

/**
 * One row of an order summary's `<dl>` (cart, checkout): the term and its amount on one line.
 * `strong` is the estimated total, set off by a rule (an `<hr>` may not sit inside a `<dl>`).
 * `note` explains the amount, on a line of its own under it (a second `<dd>` of the term).
 * Plain elements styled by app/shop.css (`.dk-summary-row`).
 */
export function SummaryRow({
  label,
  value,
  strong = false,
  color,
  note,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
  color?: string;
  note?: ReactNode;
}) {
  return (
    <div className={strong ? 'dk-summary-row dk-summary-row--strong' : 'dk-summary-row'} style={color ? { color } : undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
      {note ? <dd className="dk-summary-row__note">{note}</dd> : null}
    </div>
  );
}
