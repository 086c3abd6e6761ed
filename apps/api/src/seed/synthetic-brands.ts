/**
 * The synthetic catalog's brands: about 18 000, each of one department, with an English name
 * (unique across the catalog, demo brands included: it is the value shoppers filter by) and an
 * Arabic name spelt from the same syllables, so `brand_ar` is the same wherever `brand_en` is.
 * Within a department brands are drawn Zipf–Mandelbrot (weight 1 / (rank + 3)^1.2): at a million
 * products a department's first brands have thousands of products each and most brands a
 * handful, as in a real store. The demo catalog's brands are each department's first ranks.
 * Fixed for every seed, so catalogs of several seeds in one database agree on every brand.
 */
import type { LocalizedText } from './catalog-types';
import type { DepartmentData } from './data/types';
import { DEPARTMENTS, mulberry32 } from './demo-catalog';

/** Zipf–Mandelbrot exponent and offset of a department's brand ranks. */
const ZIPF_EXPONENT = 1.2;
const ZIPF_OFFSET = 3;
/** Brands across the nine departments, shared out by each department's weight. */
export const SYNTHETIC_BRAND_TOTAL = 18_000;

/**
 * A department's share of the synthetic catalog, by key: a department store has more clothes
 * and household goods than car parts. Its brands are shared out in the same proportion.
 */
export const DEPARTMENT_WEIGHTS: Readonly<Record<string, number>> = {
  fashion: 18,
  home: 15,
  electronics: 12,
  grocery: 12,
  'home-improvement': 10,
  beauty: 9,
  'patio-and-garden': 8,
  'auto-and-tires': 8,
  baby: 8,
};

// Syllables: English spelling, Arabic spelling. A name is a start, up to two middles and an end.
type Syllable = readonly [en: string, ar: string];
const STARTS: readonly Syllable[] = [
  ['ka', 'كا'], ['ri', 'ري'], ['lo', 'لو'], ['ma', 'ما'], ['ne', 'ني'], ['to', 'تو'], ['vi', 'في'], ['sa', 'سا'],
  ['da', 'دا'], ['mi', 'مي'], ['ra', 'را'], ['zo', 'زو'], ['ba', 'با'], ['li', 'لي'], ['no', 'نو'], ['ta', 'تا'],
  ['fa', 'فا'], ['ko', 'كو'], ['ha', 'ها'], ['ya', 'يا'], ['na', 'نا'], ['se', 'سي'], ['ro', 'رو'], ['mo', 'مو'],
  ['ju', 'جو'], ['bri', 'بري'], ['tra', 'ترا'], ['sta', 'ستا'], ['pra', 'برا'], ['ze', 'زي'], ['qa', 'قا'], ['sha', 'شا'],
];
const MIDDLES: readonly Syllable[] = [
  ['la', 'لا'], ['ri', 'ري'], ['no', 'نو'], ['ve', 'في'], ['ta', 'تا'], ['mi', 'مي'], ['ra', 'را'], ['lu', 'لو'],
  ['di', 'دي'], ['ka', 'كا'], ['sa', 'سا'], ['ne', 'ني'], ['bo', 'بو'], ['zi', 'زي'], ['fa', 'فا'], ['ro', 'رو'],
  ['ma', 'ما'], ['te', 'تي'], ['ni', 'ني'], ['do', 'دو'], ['va', 'فا'], ['ha', 'ها'], ['li', 'لي'], ['ko', 'كو'],
];
const ENDS: readonly Syllable[] = [
  ['lon', 'لون'], ['tek', 'تك'], ['max', 'ماكس'], ['ra', 'را'], ['no', 'نو'], ['via', 'فيا'], ['lux', 'لوكس'], ['dor', 'دور'],
  ['sin', 'سين'], ['mar', 'مار'], ['vel', 'فيل'], ['zen', 'زن'], ['tra', 'ترا'], ['nix', 'نكس'], ['ley', 'لي'], ['ton', 'تون'],
  ['ka', 'كا'], ['ris', 'ريس'], ['mond', 'موند'], ['ler', 'لر'], ['na', 'نا'], ['co', 'كو'], ['dex', 'دكس'], ['rin', 'رين'],
  ['ssa', 'سا'], ['lia', 'ليا'], ['far', 'فار'], ['bel', 'بيل'], ['tis', 'تيس'], ['gon', 'غون'],
];
/** A second word some brands carry. */
const SUFFIXES: readonly Syllable[] = [
  ['Home', 'هوم'], ['Pro', 'برو'], ['Labs', 'لابز'], ['Works', 'ووركس'], ['Living', 'ليفينغ'], ['Studio', 'ستوديو'],
  ['Goods', 'جودز'], ['Co', 'كو'], ['Essentials', 'إسنشالز'], ['& Sons', 'وأولاده'],
];

/** One department's brands and the cumulative weights their ranks are drawn from. */
export interface DepartmentBrands {
  brands: readonly LocalizedText[];
  /** `cumulative[r]`: the chance of ranks 0..r, rising to 1. */
  cumulative: Float64Array;
}

let byDepartment: ReadonlyMap<string, DepartmentBrands> | undefined;

function pickSyllable(list: readonly Syllable[], random: () => number): Syllable {
  const syllable = list[Math.floor(random() * list.length)];
  if (syllable === undefined) throw new Error('pick from an empty syllable list');
  return syllable;
}

/** A made-up brand: `Karilon`, `Bridevatek Labs`; its Arabic spelling `كاريلون`, `بريديفاتك لابز`. */
function composeBrand(random: () => number): LocalizedText {
  const parts = [pickSyllable(STARTS, random)];
  const middles = random() < 0.2 ? 0 : random() < 0.75 ? 1 : 2;
  for (let i = 0; i < middles; i++) parts.push(pickSyllable(MIDDLES, random));
  parts.push(pickSyllable(ENDS, random));
  const word = parts.map(([en]) => en).join('');
  let en = word.charAt(0).toUpperCase() + word.slice(1);
  let ar = parts.map(([, a]) => a).join('');
  if (random() < 0.15) {
    const [suffixEn, suffixAr] = pickSyllable(SUFFIXES, random);
    en = `${en} ${suffixEn}`;
    ar = `${ar} ${suffixAr}`;
  }
  return { en, ar };
}

function departmentWeight(dept: DepartmentData): number {
  const weight = DEPARTMENT_WEIGHTS[dept.key];
  if (weight === undefined) throw new Error(`No synthetic weight for department ${dept.key}`);
  return weight;
}

function buildBrands(): ReadonlyMap<string, DepartmentBrands> {
  const totalWeight = DEPARTMENTS.reduce((sum, dept) => sum + departmentWeight(dept), 0);
  // English names taken so far, lower-cased: a filter value names one brand, whatever its case.
  const taken = new Map<string, string>();
  for (const dept of DEPARTMENTS) for (const [en, ar] of Object.entries(dept.brands)) if (!taken.has(en.toLowerCase())) taken.set(en.toLowerCase(), ar);
  const random = mulberry32(0xb7a9d5);
  const result = new Map<string, DepartmentBrands>();
  for (const dept of DEPARTMENTS) {
    const size = Math.round((SYNTHETIC_BRAND_TOTAL * departmentWeight(dept)) / totalWeight);
    // The demo brands lead, with the Arabic name the demo catalog gives them.
    const brands: LocalizedText[] = Object.keys(dept.brands).map((en) => ({ en, ar: taken.get(en.toLowerCase()) ?? en }));
    while (brands.length < size) {
      const brand = composeBrand(random);
      const key = brand.en.toLowerCase();
      if (taken.has(key)) continue;
      taken.set(key, brand.ar);
      brands.push(brand);
    }
    const cumulative = new Float64Array(brands.length);
    let sum = 0;
    for (let rank = 0; rank < brands.length; rank++) {
      sum += 1 / Math.pow(rank + 1 + ZIPF_OFFSET, ZIPF_EXPONENT);
      cumulative[rank] = sum;
    }
    for (let rank = 0; rank < brands.length; rank++) cumulative[rank] = (cumulative[rank] ?? 0) / sum;
    result.set(dept.key, { brands, cumulative });
  }
  return result;
}

/** Every department's brands, by department key (built once, on first use). */
export function departmentBrands(): ReadonlyMap<string, DepartmentBrands> {
  byDepartment ??= buildBrands();
  return byDepartment;
}

/** The brand rank `u` (uniform in [0, 1)) falls on: a binary search of the cumulative weights. */
export function brandRank({ cumulative }: DepartmentBrands, u: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((cumulative[mid] ?? 1) > u) high = mid;
    else low = mid + 1;
  }
  return low;
}
