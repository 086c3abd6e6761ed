// Types every `t('...')` key against the English files, so a missing or misspelt key fails the
// typecheck (src/app/locales.test.ts checks that Arabic has the same keys).
import type account from '../../public/locales/en/account.json';
import type catalog from '../../public/locales/en/catalog.json';
import type common from '../../public/locales/en/common.json';
import type help from '../../public/locales/en/help.json';
import type reviews from '../../public/locales/en/reviews.json';
import type shopping from '../../public/locales/en/shopping.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      catalog: typeof catalog;
      help: typeof help;
      account: typeof account;
      shopping: typeof shopping;
      reviews: typeof reviews;
    };
  }
}
