/**
 * A product card's placeholder while products load: a photo and three lines, plain elements
 * styled by app/shop.css (`dk-skeleton__*`), for the grids and the sliders alike.
 */
export function SkeletonCard() {
  return (
    <div className="dk-skeleton__card">
      <div className="dk-skeleton__photo" />
      <div className="dk-skeleton__text">
        <div className="dk-skeleton__line" />
        <div className="dk-skeleton__line" />
        <div className="dk-skeleton__line" />
      </div>
    </div>
  );
}
