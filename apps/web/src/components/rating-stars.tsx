const STARS = '★★★★★';

/**
 * A read-only rating out of five as stars, filled to the tenth ("Rated 3.3 out of 5" to a screen
 * reader). Two layers of text stars rather than MUI's Rating, which draws fifty elements for a
 * precision of 0.1: the product page renders on the server for every uncached request. Plain
 * elements styled by app/shop.css (`.dk-stars`, decision 0027): MUI Rating's gold on its grey,
 * filling from the reading start (`inset-inline-start`), so from the right in Arabic.
 */
export function RatingStars({ value, label }: { value: number; label: string }) {
  const filled = `${Math.round((Math.min(5, Math.max(0, value)) / 5) * 1000) / 10}%`;
  return (
    <span role="img" aria-label={label} className="dk-stars">
      <span aria-hidden="true">{STARS}</span>
      <span aria-hidden="true" data-testid="rating-filled" className="dk-stars__filled" style={{ width: filled }}>
        {STARS}
      </span>
    </span>
  );
}
