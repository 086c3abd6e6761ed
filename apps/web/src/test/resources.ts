import arAccount from '../../public/locales/ar/account.json';
import arCatalog from '../../public/locales/ar/catalog.json';
import arCommon from '../../public/locales/ar/common.json';
import arHelp from '../../public/locales/ar/help.json';
import arReviews from '../../public/locales/ar/reviews.json';
import arShopping from '../../public/locales/ar/shopping.json';
import enAccount from '../../public/locales/en/account.json';
import enCatalog from '../../public/locales/en/catalog.json';
import enCommon from '../../public/locales/en/common.json';
import enHelp from '../../public/locales/en/help.json';
import enReviews from '../../public/locales/en/reviews.json';
import enShopping from '../../public/locales/en/shopping.json';

/** Every translation file the shop serves, by language and namespace. */
export const resources = {
  en: { common: enCommon, catalog: enCatalog, help: enHelp, account: enAccount, shopping: enShopping, reviews: enReviews },
  ar: { common: arCommon, catalog: arCatalog, help: arHelp, account: arAccount, shopping: arShopping, reviews: arReviews },
};
