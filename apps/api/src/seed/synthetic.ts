/**
 * A large synthetic catalog for benchmarks: bilingual products composed from per-department
 * word lists, spread over the demo catalog's departments and subcategories, reusing the demo
 * products' artwork. A generator, so 100 000 products never sit in memory at once.
 */
import type { SeedProduct } from './catalog-types';
import { LEXICONS, type Lexicon, type Noun } from './data/synthetic-words';
import type { DepartmentData } from './data/types';
import { DEPARTMENTS, listPriceFor, mulberry32, productImagePaths, productSlug, statsFrom } from './demo-catalog';

interface Plan {
  dept: DepartmentData;
  lexicon: Lexicon;
  brands: readonly (readonly [string, string])[];
  /** Per noun: the demo products whose pictures it borrows. */
  images: readonly (readonly string[])[];
}

let plans: readonly Plan[] | undefined;

function buildPlans(): readonly Plan[] {
  return DEPARTMENTS.map((dept) => {
    const lexicon = LEXICONS[dept.key];
    if (lexicon === undefined) throw new Error(`No synthetic word list for department ${dept.key}`);
    const bySub = new Map<string, string[]>();
    const bySubArt = new Map<string, string[]>();
    for (const product of dept.products) {
      const slug = productSlug(dept, product);
      const subList = bySub.get(product.s) ?? [];
      subList.push(slug);
      bySub.set(product.s, subList);
      const key = `${product.s}|${product.a}`;
      const artList = bySubArt.get(key) ?? [];
      artList.push(slug);
      bySubArt.set(key, artList);
    }
    const images = lexicon.nouns.map(([sub, , , , , art]: Noun) => {
      const slugs = bySubArt.get(`${sub}|${art}`) ?? bySub.get(sub);
      if (slugs === undefined) throw new Error(`Synthetic noun in unknown subcategory ${dept.key}-${sub}`);
      return slugs;
    });
    const brands = Object.entries(dept.brands);
    return { dept, lexicon, brands, images };
  });
}

function pick<T>(list: readonly T[], random: () => number): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/**
 * Yields `count` synthetic products with unique slugs `syn-{n}-s{seed}-{department}-{noun}`
 * (n from 1), deterministic for a given seed: product n is the same whatever `count` is.
 */
export function* generateSyntheticProducts(count: number, seed = 1): Generator<SeedProduct> {
  plans ??= buildPlans();
  const seedTag = `s${seed >>> 0}`;
  const random = mulberry32(Math.imul(seed >>> 0, 0x9e3779b1) ^ 0x5eed);
  for (let n = 1; n <= count; n++) {
    const plan = pick(plans, random);
    const { dept, lexicon } = plan;
    const nounIndex = Math.floor(random() * lexicon.nouns.length);
    const noun = lexicon.nouns[nounIndex];
    const imageSlugs = plan.images[nounIndex];
    if (noun === undefined || imageSlugs === undefined) continue;
    const [sub, key, nounEn, nounAr, gender, , min, max] = noun;
    const [adjEn, adjArM, adjArF] = pick(lexicon.adjectives, random);
    const adjAr = gender === 'f' ? adjArF : adjArM;
    const [variantEn, variantAr] = pick(lexicon.variants, random);
    const [brandEn, brandAr] = pick(plan.brands, random);
    const [blurbEn, blurbAr] = pick(lexicon.blurbs, random);
    const dollars = Math.floor(min + random() * (max - min));
    const images = productImagePaths(pick(imageSlugs, random));
    const slug = `syn-${n}-${seedTag}-${dept.key}-${key}`;
    const priceCents = Math.max(1, dollars) * 100 + 99;
    yield {
      slug,
      categorySlug: dept.slug,
      subcategorySlug: `${dept.key}-${sub}`,
      title: { en: `${adjEn} ${nounEn}, ${variantEn}`, ar: `${nounAr} ${adjAr}، ${variantAr}` },
      description: {
        en: `${adjEn} ${nounEn} by ${brandEn}. ${blurbEn}`,
        ar: `${nounAr} ${adjAr} من ${brandAr}. ${blurbAr}`,
      },
      brand: { en: brandEn, ar: brandAr },
      priceCents,
      // Drawn from the slug, not from `random`: product n stays what it was before list prices.
      listPriceCents: listPriceFor(slug, priceCents),
      ...statsFrom(random),
      thumbnail: images[0] ?? '',
      images,
    };
  }
}
