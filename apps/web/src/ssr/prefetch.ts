import type { Language } from '@dukkan/contracts/common';

import { departmentRouteId, PUBLIC_ROUTE_IDS } from '../app/router';
import type { AppDispatch } from '../app/store';
import { catalogApi, type CategoryProductsArgs } from '../features/catalog/catalog-api';
import { BRAND_DEALS_SOURCE_SIZE, SUBCATEGORIES_PAGE_SIZE } from '../features/catalog/department-sections';
import { DEPARTMENTS, type Department } from '../features/catalog/departments';
import { searchApi } from '../features/search/search-api';

export interface PrefetchInput {
  routeIds: readonly string[];
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  language: Language;
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

/**
 * Starts, before the first render, the queries the matched page is known to make — the header's
 * departments, the page's products, a product's department list after the product — so most pages
 * render once. It is only a head start: the render itself asks for whatever else it needs
 * (entry-server.tsx), so a list forgotten here costs a render, never a wrong page.
 */
export async function prefetchPageData(dispatch: AppDispatch, { routeIds, params, url, language: lng }: PrefetchInput): Promise<void> {
  const jobs: Promise<unknown>[] = [dispatch(catalogApi.endpoints.listCategories.initiate({ lng }))];
  const lists = (args: CategoryProductsArgs[]) => args.map((one) => dispatch(catalogApi.endpoints.listCategoryProducts.initiate(one)));
  const department = DEPARTMENTS.find((entry) => routeIds.includes(departmentRouteId(entry)));
  const leaf = routeIds.at(-1);
  if (department) {
    const subcategory = url.searchParams.get('subcategory') || undefined;
    jobs.push(...lists(departmentLists(department, lng, subcategory)));
    if (subcategory || department.sections.some((section) => section.kind === 'techTiles')) {
      jobs.push(dispatch(catalogApi.endpoints.listSubcategories.initiate({ lng, pageSize: SUBCATEGORIES_PAGE_SIZE })));
    }
  } else if (leaf === PUBLIC_ROUTE_IDS.home) {
    jobs.push(...lists([{ lng, category: 'Grocery' }]));
  } else if (leaf === PUBLIC_ROUTE_IDS.product && params.id) {
    const id = params.id;
    jobs.push(
      (async () => {
        const { data: product } = await dispatch(catalogApi.endpoints.getProduct.initiate({ lng, id }));
        if (product) await Promise.all(lists([{ lng, category: product.category }]));
      })(),
    );
  } else if (leaf === PUBLIC_ROUTE_IDS.search) {
    const q = (url.searchParams.get('q') ?? '').trim();
    if (q) jobs.push(dispatch(searchApi.endpoints.searchProducts.initiate({ lng, q })));
  }
  await Promise.all(jobs);
}
