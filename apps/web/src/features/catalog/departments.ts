import type { DepartmentSlug } from '@dukkan/contracts/catalog';

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
  | 'babyPromo';

/** Keys of `catalog:departments.*`: the departments' names. */
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
}

export interface Department {
  /** The category's name in `GET /product/category/{slug}` (contracts' DEPARTMENT_SLUGS). */
  slug: DepartmentSlug;
  /** The route of the spec's route table (matched case-insensitively). */
  path: string;
  nameKey: DepartmentKey;
  hero: DepartmentBanner;
  /** A second banner below the products, where the spec names one. */
  promo?: DepartmentBanner;
}

export function bannerSrc(image: BannerImage): string {
  return `/images/banners/${image}.svg`;
}

/** The nine department pages, in the spec's route-table order. */
export const DEPARTMENTS: readonly Department[] = [
  { slug: 'electronics', path: '/electronics', nameKey: 'electronics', hero: { image: 'electronics-hero', text: 'electronics' } },
  { slug: 'Grocery', path: '/Grocery', nameKey: 'grocery', hero: { image: 'grocery-hero', text: 'grocery' } },
  { slug: 'Home', path: '/Home', nameKey: 'home', hero: { image: 'home-goods-hero', text: 'home' } },
  { slug: 'Patio&Garden', path: '/Patio&Garden', nameKey: 'patioGarden', hero: { image: 'patio-hero', text: 'patio' } },
  {
    slug: 'Home-Improvement',
    path: '/Home-Improvement',
    nameKey: 'homeImprovement',
    hero: { image: 'home-improvement-hero', text: 'homeImprovement' },
  },
  { slug: 'Auto&tires', path: '/Auto&tires', nameKey: 'autoTires', hero: { image: 'auto-hero', text: 'auto' } },
  {
    slug: 'Baby',
    path: '/Baby',
    nameKey: 'baby',
    hero: { image: 'baby-hero', text: 'baby' },
    promo: { image: 'baby-promo', text: 'babyPromo' },
  },
  { slug: 'Fashion', path: '/fashion', nameKey: 'fashion', hero: { image: 'fashion-hero', text: 'fashion' } },
  { slug: 'Beauty', path: '/beauty', nameKey: 'beauty', hero: { image: 'beauty-hero', text: 'beauty' } },
];
