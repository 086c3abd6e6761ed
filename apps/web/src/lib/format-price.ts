// The storefront's one way to write a price; the card page, mail and the operator's command use
// the same function from the contracts package, so every amount the shop shows reads '$1,299.50'.
export { formatPrice } from '@dukkan/contracts/format';
