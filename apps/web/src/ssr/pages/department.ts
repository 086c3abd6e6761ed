import type { Language } from '@dukkan/contracts/common';

import { catalogApi, type CategoryProductsArgs } from '../../features/catalog/catalog-api';
import { BRAND_DEALS_SOURCE_SIZE, SUBCATEGORIES_PAGE_SIZE } from '../../features/catalog/department-sections';
import { bannerSrc, type Department } from '../../features/catalog/departments';
import { PICTURE_SIZES } from '../../lib/picture';
import type { HeadInput, PageMeta, PrefetchInput, ServerPage } from '../server-page';

function subcategoryOf(url: URL): string | undefined {
  return url.searchParams.get('subcategory') || undefined;
}

/** The lists a department page shows (its sections, then its grid), with the arguments its components use. */
function departmentLists(department: Department, lng: Language, subcategory: string | undefined): CategoryProductsArgs[] {
  const category = department.name;
  if (subcategory) return [{ lng, category, subcategory }];
  return [
    { lng, category },
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
      const subcategory = subcategoryOf(url);
      const jobs: Promise<unknown>[] = departmentLists(department, lng, subcategory).map((args) =>
        dispatch(catalogApi.endpoints.listCategoryProducts.initiate(args)),
      );
      if (subcategory || department.sections.some((section) => section.kind === 'techTiles')) {
        jobs.push(dispatch(catalogApi.endpoints.listSubcategories.initiate({ lng, pageSize: SUBCATEGORIES_PAGE_SIZE })));
      }
      return Promise.all(jobs);
    },
    head({ url, t }: HeadInput): PageMeta {
      const name = t.catalog(`departments.${department.labelKey}`);
      const subcategory = subcategoryOf(url);
      return {
        title: t.common('pageTitle', { page: name }),
        description: t.common('seo.department', { name }),
        canonical: { path: department.path, params: subcategory ? { subcategory } : {} },
        image: subcategory ? undefined : bannerSrc(department.hero.image),
        imageSizes: PICTURE_SIZES.banner,
      };
    },
  };
}
