import { ProductDetailsPage } from '../../features/catalog/product-details-page';
import { ProductReviews } from '../../features/reviews/product-reviews';

/**
 * `/details/{id}`: the product page, with its Reviews (features/reviews, issue #36), which the
 * catalog feature may not import itself.
 */
export function ProductRoute() {
  return <ProductDetailsPage reviews={(product) => <ProductReviews product={product} />} />;
}
