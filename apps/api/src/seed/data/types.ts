import type { DepartmentName } from '@dukkan/contracts/catalog';

/** Which flat illustration draws a product (see ../images.ts). */
export type ArtKind =
  // grocery
  | 'fruit'
  | 'banana'
  | 'avocado'
  | 'berries'
  | 'leafy'
  | 'carrot'
  | 'carton'
  | 'eggs'
  | 'cheese'
  | 'bread'
  | 'chocolate'
  | 'box'
  | 'bottle'
  | 'jar'
  | 'bag'
  | 'can'
  // home
  | 'sofa'
  | 'armchair'
  | 'table'
  | 'bed'
  | 'pillow'
  | 'towels'
  | 'pot'
  | 'mug'
  | 'blender'
  | 'coffee-maker'
  | 'lamp'
  | 'vase'
  | 'frame'
  | 'candle'
  | 'robot-vacuum'
  | 'basket'
  | 'clock'
  // patio & garden
  | 'lounger'
  | 'umbrella'
  | 'grill'
  | 'plant'
  | 'watering-can'
  | 'hose'
  | 'mower'
  | 'lantern'
  | 'firepit'
  | 'shovel'
  | 'string-lights'
  | 'birdhouse'
  // electronics
  | 'phone'
  | 'watch'
  | 'console'
  | 'controller'
  | 'tv'
  | 'tablet'
  | 'laptop'
  | 'monitor'
  | 'headphones'
  | 'earbuds'
  | 'speaker'
  | 'soundbar'
  // fashion
  | 'dress'
  | 'tshirt'
  | 'shirt'
  | 'jacket'
  | 'jeans'
  | 'sneaker'
  | 'heel'
  | 'boot'
  | 'handbag'
  | 'backpack'
  | 'sunglasses'
  | 'cap'
  | 'necklace'
  // beauty
  | 'tube'
  | 'pump'
  | 'dropper'
  | 'lipstick'
  | 'palette'
  | 'mascara'
  | 'perfume'
  | 'nail-polish'
  | 'hairdryer'
  // home improvement
  | 'drill'
  | 'saw'
  | 'hammer'
  | 'wrench'
  | 'toolbox'
  | 'paint-can'
  | 'roller'
  | 'bulb'
  | 'faucet'
  | 'ladder'
  | 'tape-measure'
  | 'lock'
  // auto & tires
  | 'tire'
  | 'jug'
  | 'battery'
  | 'dashcam'
  | 'wiper'
  | 'floor-mat'
  | 'spray'
  | 'bucket'
  // baby
  | 'diapers'
  | 'baby-bottle'
  | 'stroller'
  | 'car-seat'
  | 'high-chair'
  | 'crib'
  | 'blocks'
  | 'teddy'
  | 'onesie'
  | 'wipes'
  | 'play-gym'
  | 'pacifier';

/** The backdrop of a product's "lifestyle" gallery view. */
export type Scene = 'kitchen' | 'living' | 'garden' | 'desk' | 'boutique' | 'vanity' | 'workshop' | 'garage' | 'nursery';

export interface SubcategoryData {
  /** Joined to the department's key: `grocery` + `fresh-produce` → `grocery-fresh-produce`. */
  key: string;
  en: string;
  ar: string;
  /** Drawing of the subcategory's tile. */
  art: ArtKind;
  /** Hue (0–360) of the tile's drawing. */
  hue: number;
}

export interface ProductData<B extends string = string> {
  /** Subcategory key. */
  s: string;
  /** Joined to the department's key to make the product slug. */
  k: string;
  /** Title: English, Arabic. */
  t: readonly [string, string];
  /** Description: English, Arabic. */
  d: readonly [string, string];
  /** Brand, by its English name (a key of the department's `brands`). */
  b: B;
  /** Price in cents. */
  p: number;
  /** Drawing. */
  a: ArtKind;
  /** Main hue (0–360) of the drawing; derived from the slug when absent. */
  h?: number;
}

export interface DepartmentData<B extends string = string> {
  slug: DepartmentName;
  /** Lowercased slug with `&` spelled `-and-`: the image name and the prefix of every slug. */
  key: string;
  name: { en: string; ar: string };
  /** The department's palette hue (0–360). */
  hue: number;
  scene: Scene;
  /** English brand name → Arabic brand name. */
  brands: Record<B, string>;
  subcategories: readonly SubcategoryData[];
  products: readonly ProductData<NoInfer<B>>[];
}

/** Checks a department's table, inferring its brand names from `brands`. */
export function defineDepartment<const B extends string>(department: DepartmentData<B>): DepartmentData {
  return department;
}
