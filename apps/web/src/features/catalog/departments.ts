import { DEPARTMENT_PATHS, type DepartmentName } from '@dukkan/contracts/departments';
import { storefrontPaths } from '@dukkan/contracts/storefront-urls';

/** Names of the banner images the API serves at `/images/banners/{name}.svg` (1600 x 500, no text). */
export type BannerImage =
  | 'home-hero'
  | 'grocery-hero'
  | 'grocery-promo-1'
  | 'grocery-promo-2'
  | 'home-goods-hero'
  | 'home-goods-promo-1'
  | 'home-goods-promo-2'
  | 'patio-hero'
  | 'patio-promo-1'
  | 'patio-promo-2'
  | 'electronics-hero'
  | 'electronics-tech'
  | 'fashion-hero'
  | 'fashion-her'
  | 'fashion-him'
  | 'beauty-hero'
  | 'home-improvement-hero'
  | 'auto-hero'
  | 'baby-hero'
  | 'baby-promo';

/** Keys of `catalog:banners.*`: each banner's overlay title and line of text. */
export type BannerKey =
  | 'grocery'
  | 'home'
  | 'patio'
  | 'electronics'
  | 'fashion'
  | 'beauty'
  | 'homeImprovement'
  | 'auto'
  | 'baby'
  | 'babyPromo'
  | 'groceryProduce'
  | 'groceryDrinks'
  | 'homeBedding'
  | 'homeKitchen'
  | 'patioGrill'
  | 'patioGarden'
  | 'fashionHer'
  | 'fashionHim';

/** Keys of `catalog:sections.*`: titles of the department pages' sections. */
export type SectionKey = 'deals' | 'appleDeals' | 'refreshOutdoors' | 'springArrivals';

/** Keys of `catalog:techTiles.*`: the electronics page's tiles (spec section 2). */
export type TechTileKey = 'techSavings' | 'cellPhones' | 'videoGames' | 'smartTvs' | 'tablets' | 'computers';

/** Keys of `catalog:departments.*`: the departments' labels (names shown to people). */
export type DepartmentKey =
  | 'grocery'
  | 'home'
  | 'patioGarden'
  | 'electronics'
  | 'fashion'
  | 'beauty'
  | 'homeImprovement'
  | 'autoTires'
  | 'baby';

export interface DepartmentBanner {
  image: BannerImage;
  text: BannerKey;
  /** A subcategory of the department the banner's button opens (`?subcategory=`). */
  subcategory?: string;
}

export interface TechTile {
  key: TechTileKey;
  /** The filtered view it opens; none: the department's whole list. */
  subcategory?: string;
}

/**
 * The blocks of a department page between its hero banner and its full product grid, in order
 * (spec section 2). Slider and grid products come from the department's own list:
 * - `banners`: promo banners side by side, each opening a subcategory;
 * - `deals`: the deals slider (the department's lowest prices);
 * - `brandDeals`: the deals slider of one brand's products (electronics: Apple);
 * - `subcategorySlider` / `subcategoryGrid`: a subcategory's products with "View all";
 * - `techTiles`: links to filtered views of the department.
 */
export type DepartmentSection =
  | { kind: 'banners'; banners: readonly DepartmentBanner[] }
  | { kind: 'deals'; title: SectionKey }
  | { kind: 'brandDeals'; title: SectionKey }
  | { kind: 'subcategorySlider'; title: SectionKey; subcategory: string }
  | { kind: 'subcategoryGrid'; title: SectionKey; subcategory: string; count: number }
  | { kind: 'techTiles'; tiles: readonly TechTile[] };

export interface Department {
  /** The category's name (key): `GET /product/category/{name}`, one of contracts' DEPARTMENT_NAMES. */
  name: DepartmentName;
  /** The route of the spec's route table (matched case-insensitively): contracts' DEPARTMENT_PATHS. */
  path: string;
  /** Its label in `catalog:departments.*`. */
  labelKey: DepartmentKey;
  hero: DepartmentBanner;
  sections: readonly DepartmentSection[];
  /** A second banner below the products, where the spec names one. */
  promo?: DepartmentBanner;
}

/** Where a department's full product grid starts (tiles, banners and "View all" link here). */
export const ALL_PRODUCTS_ID = 'all-products';

/**
 * A link into the department's product list, narrowed to `subcategory` when given: it lands at
 * the list (`#all-products`), not at the banners above it. The fragment is the page's own, so it
 * stays out of `storefrontPaths`, whose paths the API's sitemaps and mail use too.
 */
export function departmentListHref(department: Pick<Department, 'path'>, subcategory?: string): string {
  return `${subcategory ? storefrontPaths.subcategory(department.path, subcategory) : department.path}#${ALL_PRODUCTS_ID}`;
}

export function bannerSrc(image: BannerImage): string {
  return `/images/banners/${image}.svg`;
}

/** The nine department pages' content, in the spec's route-table order. */
const DEPARTMENT_PAGES: readonly Omit<Department, 'path'>[] = [
  {
    name: 'electronics',
    labelKey: 'electronics',
    hero: { image: 'electronics-hero', text: 'electronics' },
    sections: [
      { kind: 'brandDeals', title: 'appleDeals' },
      {
        kind: 'techTiles',
        tiles: [
          { key: 'techSavings' },
          { key: 'cellPhones', subcategory: 'electronics-cell-phones' },
          { key: 'videoGames', subcategory: 'electronics-video-games' },
          { key: 'smartTvs', subcategory: 'electronics-smart-tvs' },
          { key: 'tablets', subcategory: 'electronics-tablets' },
          { key: 'computers', subcategory: 'electronics-computers' },
        ],
      },
      { kind: 'subcategoryGrid', title: 'refreshOutdoors', subcategory: 'electronics-audio', count: 6 },
    ],
  },
  {
    name: 'Grocery',
    labelKey: 'grocery',
    hero: { image: 'grocery-hero', text: 'grocery' },
    sections: [
      {
        kind: 'banners',
        banners: [
          { image: 'grocery-promo-1', text: 'groceryProduce', subcategory: 'grocery-fresh-produce' },
          { image: 'grocery-promo-2', text: 'groceryDrinks', subcategory: 'grocery-beverages' },
        ],
      },
      { kind: 'deals', title: 'deals' },
    ],
  },
  {
    name: 'Home',
    labelKey: 'home',
    hero: { image: 'home-goods-hero', text: 'home' },
    sections: [
      {
        kind: 'banners',
        banners: [
          { image: 'home-goods-promo-1', text: 'homeBedding', subcategory: 'home-bedding-bath' },
          { image: 'home-goods-promo-2', text: 'homeKitchen', subcategory: 'home-kitchen-dining' },
        ],
      },
      { kind: 'deals', title: 'deals' },
    ],
  },
  {
    name: 'Patio&Garden',
    labelKey: 'patioGarden',
    hero: { image: 'patio-hero', text: 'patio' },
    sections: [
      {
        kind: 'banners',
        banners: [
          { image: 'patio-promo-1', text: 'patioGrill', subcategory: 'patio-and-garden-grills-outdoor-cooking' },
          { image: 'patio-promo-2', text: 'patioGarden', subcategory: 'patio-and-garden-plants-planters' },
        ],
      },
      { kind: 'deals', title: 'deals' },
    ],
  },
  {
    name: 'Home-Improvement',
    labelKey: 'homeImprovement',
    hero: { image: 'home-improvement-hero', text: 'homeImprovement' },
    sections: [],
  },
  { name: 'Auto&tires', labelKey: 'autoTires', hero: { image: 'auto-hero', text: 'auto' }, sections: [] },
  {
    name: 'Baby',
    labelKey: 'baby',
    hero: { image: 'baby-hero', text: 'baby' },
    sections: [],
    promo: { image: 'baby-promo', text: 'babyPromo', subcategory: 'baby-activity-gear' },
  },
  {
    name: 'Fashion',
    labelKey: 'fashion',
    hero: { image: 'fashion-hero', text: 'fashion' },
    sections: [
      { kind: 'subcategorySlider', title: 'refreshOutdoors', subcategory: 'fashion-activewear' },
      { kind: 'subcategorySlider', title: 'springArrivals', subcategory: 'fashion-womens-clothing' },
      {
        kind: 'banners',
        banners: [
          { image: 'fashion-her', text: 'fashionHer', subcategory: 'fashion-womens-clothing' },
          { image: 'fashion-him', text: 'fashionHim', subcategory: 'fashion-mens-clothing' },
        ],
      },
    ],
  },
  { name: 'Beauty', labelKey: 'beauty', hero: { image: 'beauty-hero', text: 'beauty' }, sections: [] },
];

/** The nine department pages, in the spec's route-table order, each at its route. */
export const DEPARTMENTS: readonly Department[] = DEPARTMENT_PAGES.map((page) => ({ ...page, path: DEPARTMENT_PATHS[page.name] }));
