import type { Language } from '@dukkan/contracts/common';

import { parseAisle } from '../../components/aisle/aisle-query';
import { catalogApi, type CategoryProductsArgs, departmentListArgs } from '../../features/catalog/catalog-api';
import { BRAND_DEALS_SOURCE_SIZE, SUBCATEGORIES_PAGE_SIZE } from '../../features/catalog/department-sections';
import { bannerSrc, type Department } from '../../features/catalog/departments';
import { PICTURE_SIZES } from '../../lib/picture';
import type { HeadInput, PageMeta, PrefetchInput, ServerPage } from '../server-page';

/** The lists a department page shows (its sections, then its aisle), with the arguments its components use. */
function departmentLists(department: Department, lng: Language, url: URL): CategoryProductsArgs[] {
  const category = department.name;
  return [
    { lng, category },
    departmentListArgs(category, lng, parseAisle(url.searchParams, 'department')),
    ...department.sections.flatMap((section): CategoryProductsArgs[] => {
      switch (section.kind) {
        case 'brandDeals':
          return [{ lng, category, pageSize: BRAND_DEALS_SOURCE_SIZE }];
        case 'subcategorySlider':
          return [{ lng, category, subcategory: section.subcategory }];
        case 'subcategoryGrid':
          return [{ lng, category, subcategory: section.subcategory, pageSize: section.count }];
        default:
          return [];
      }
    }),
  ];
}

/** The server's part of `department`'s page (its route is one of nine, app/router.tsx). */
export function departmentPage(department: Department): ServerPage {
  return {
    async prefetch({ dispatch, url, language: lng }: PrefetchInput): Promise<unknown> {
      const jobs: Promise<unknown>[] = departmentLists(department, lng, url).map((args) =>
        dispatch(catalogApi.endpoints.listCategoryProducts.initiate(args)),
      );
      if (department.sections.some((section) => section.kind === 'techTiles')) {
        jobs.push(dispatch(catalogApi.endpoints.listSubcategories.initiate({ lng, pageSize: SUBCATEGORIES_PAGE_SIZE })));
      }
      return Promise.all(jobs);
    },
    head({ url, t }: HeadInput): PageMeta {
      const name = t.catalog(`departments.${department.labelKey}`);
      const { page } = parseAisle(url.searchParams, 'department');
      return {
        title: t.common('pageTitle', { page: name }),
        description: t.common('seo.department', { name }),
        // A narrowed or sorted list is the same list to a search engine: its canonical link is
        // the department's, the page kept (issue #34).
        canonical: { path: department.path, params: page > 1 ? { page: String(page) } : {} },
        image: bannerSrc(department.hero.image),
        imageSizes: PICTURE_SIZES.banner,
      };
    },
  };
}
