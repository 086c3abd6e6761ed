/*
 * The departments, apart from the zod schemas: the storefront's first route imports these, and a
 * module with schemas would bring zod into it (about 25 KB gzipped).
 */

/**
 * The nine departments by their names: the `{categoryName}` of `/product/category/{categoryName}`
 * in the spec's list, matched case-insensitively, and each department's route `/{name}`.
 */
export const DEPARTMENT_NAMES = [
  'Grocery',
  'Home',
  'Patio&Garden',
  'electronics',
  'Fashion',
  'Beauty',
  'Home-Improvement',
  'Auto&tires',
  'Baby',
] as const;
export type DepartmentName = (typeof DEPARTMENT_NAMES)[number];

/**
 * Each department's page in the storefront, as the spec's route table lists it: `/{name}`, except
 * that Fashion and Beauty are lower-case; in the table's order. The storefront routes them and the
 * sitemap lists them.
 */
export const DEPARTMENT_PATHS: Readonly<Record<DepartmentName, `/${string}`>> = {
  electronics: '/electronics',
  Grocery: '/Grocery',
  Home: '/Home',
  'Patio&Garden': '/Patio&Garden',
  'Home-Improvement': '/Home-Improvement',
  'Auto&tires': '/Auto&tires',
  Baby: '/Baby',
  Fashion: '/fashion',
  Beauty: '/beauty',
};
