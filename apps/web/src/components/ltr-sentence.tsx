/** What stands for the value in a translated sentence until the value takes its place. */
const VALUE_MARK = '\uE001';

/**
 * A translated sentence holding a value written left to right — an order's id, an amount — with
 * the value isolated left-to-right (`<bdi dir="ltr">`). Inside an Arabic sentence the bidi
 * algorithm would otherwise reorder the value's parts: an id whose first group is all digits,
 * "12345678-abcd-…", is drawn "abcd-…-12345678", and "$4.00" "4.00$". `sentence` writes the
 * sentence with the mark it is given in place of the value.
 */
export function SentenceWithLtr({ sentence, value }: { sentence: (value: string) => string; value: string }) {
  const [before = '', ...after] = sentence(VALUE_MARK).split(VALUE_MARK);
  return (
    <>
      {before}
      <bdi dir="ltr">{value}</bdi>
      {after.join(value)}
    </>
  );
}
