import { randomBytes } from 'node:crypto';

import { AdminProductResponseSchema } from '@dukkan/contracts/admin-products';
import { ProductResponseSchema } from '@dukkan/contracts/catalog';
import { ErrorResponseSchema } from '@dukkan/contracts/common';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { photoVariants, productPhotos, products } from '../../../db/schema';
import { createTestStaff, type TestStaff } from '../../../test/staff-fixtures';
import { useTestApp } from '../../../test/test-app';

import { PLACEHOLDER_IMAGE } from './photo-urls';

const t = useTestApp();

/** A multipart body with one file part. */
function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----dukkan${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A picture of `width` x `height` in a colour of its own (so every call makes different bytes). */
async function picture(format: 'png' | 'jpeg' | 'webp', width = 2000, height = 1000): Promise<Buffer> {
  const [r = 0, g = 0, b = 0] = randomBytes(3);
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })[format]().toBuffer();
}

let catalog: TestStaff;
let owner: TestStaff;
let support: TestStaff;
let productIds: string[];

beforeAll(async () => {
  catalog = await createTestStaff(t.database.db, 'catalog');
  owner = await createTestStaff(t.database.db, 'owner');
  support = await createTestStaff(t.database.db, 'support');
  const rows = await t.database.db.select({ id: products.id }).from(products).orderBy(products.position).limit(10);
  productIds = rows.map((r) => r.id);
});

function productId(n: number): string {
  const id = productIds[n];
  if (!id) throw new Error('no such seed product');
  return id;
}

async function upload(id: string, bytes: Buffer, { filename = 'photo.png', type = 'image/png', as = catalog }: { filename?: string; type?: string; as?: TestStaff } = {}) {
  const body = multipart('file', filename, type, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/${id}/images`,
    headers: { ...as.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json<unknown>() };
}

async function productImages(id: string): Promise<{ images: string[]; thumbnail: string }> {
  const [row] = await t.database.db.select({ images: products.images, thumbnail: products.thumbnail }).from(products).where(eq(products.id, id));
  if (!row) throw new Error('product gone');
  return row;
}

describe('POST /api/admin/products/{id}/images', () => {
  it('adds a PNG at the end of the pictures and answers 201 with the admin product', async () => {
    const id = productId(0);
    const before = await productImages(id);
    const res = await upload(id, await picture('png'));
    expect(res.status).toBe(201);
    const { data } = AdminProductResponseSchema.parse(res.body);
    expect(data._id).toBe(id);
    expect(data.images).toHaveLength(before.images.length + 1);
    expect(data.images.slice(0, -1)).toEqual(before.images);
    expect(data.images.at(-1)).toMatch(/^\/images\/photos\/[0-9a-f]{32}\.webp$/);
  });

  it('judges the type by content: a PNG named .jpg and declared image/jpeg is taken', async () => {
    const res = await upload(productId(1), await picture('png'), { filename: 'holiday.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(201);
  });

  it('takes JPEG and WebP too', async () => {
    expect((await upload(productId(1), await picture('jpeg'), { filename: 'a.jpeg', type: 'image/jpeg' })).status).toBe(201);
    expect((await upload(productId(1), await picture('webp'), { filename: 'a.webp', type: 'image/webp' })).status).toBe(201);
  });

  it('refuses a text file named .png (415) and changes nothing', async () => {
    const id = productId(2);
    const before = await productImages(id);
    const res = await upload(id, Buffer.from('just some text, not a picture\n'), { filename: 'photo.png', type: 'image/png' });
    expect(res.status).toBe(415);
    expect(ErrorResponseSchema.parse(res.body).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await productImages(id)).toEqual(before);
  });

  it('refuses a GIF and a truncated PNG (415)', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } }).gif().toBuffer();
    expect((await upload(productId(2), gif, { filename: 'a.png' })).status).toBe(415);
    const png = await picture('png', 400, 400);
    expect((await upload(productId(2), png.subarray(0, 60))).status).toBe(415);
  });

  it('refuses a file over 5 MB (413, the API error shape) and changes nothing', async () => {
    const id = productId(2);
    const before = await productImages(id);
    const big = Buffer.concat([await picture('png', 100, 100), randomBytes(5 * 1024 * 1024)]);
    const res = await upload(id, big);
    expect(res.status).toBe(413);
    expect(ErrorResponseSchema.parse(res.body)).toEqual({ message: expect.stringContaining('5 MB') as unknown, code: 'PAYLOAD_TOO_LARGE' });
    expect(await productImages(id)).toEqual(before);
  });

  it('answers 415 to a body that is not multipart, 400 without the field file, 404 for an unknown product', async () => {
    const json = await t.request('POST', `/api/admin/products/${productId(2)}/images`, { headers: catalog.headers, body: { file: 'x' } });
    expect(json.status).toBe(415);
    const body = multipart('photo', 'a.png', 'image/png', await picture('png', 50, 50));
    const wrongField = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId(2)}/images`,
      headers: { ...catalog.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(wrongField.statusCode).toBe(400);
    expect((await upload('00000000-0000-4000-8000-000000000000', await picture('png', 50, 50))).status).toBe(404);
  });

  it('is for owner and catalog staff only: support 403, a shopper or nobody 401, a missing XSRF header 403', async () => {
    const id = productId(3);
    expect((await upload(id, await picture('png', 50, 50), { as: owner })).status).toBe(201);
    expect((await upload(id, await picture('png', 50, 50), { as: support })).status).toBe(403);
    const shopper = await t.createUser();
    const body = multipart('file', 'a.png', 'image/png', await picture('png', 50, 50));
    const asShopper = await t.app.inject({ method: 'POST', url: `/api/admin/products/${id}/images`, headers: { token: shopper.token, 'content-type': body.contentType }, payload: body.payload });
    expect(asShopper.statusCode).toBe(401);
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${id}/images`,
      headers: { cookie: catalog.headers.cookie ?? '', 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(noXsrf.statusCode).toBe(403);
    expect((await productImages(id)).images.filter((u) => u.startsWith('/images/photos/'))).toHaveLength(1);
  });
});

describe('GET /images/photos/{hash}.webp', () => {
  it('serves the resized WebP copies at the storefront widths, immutable, under the content hash', async () => {
    const id = productId(4);
    const res = await upload(id, await picture('jpeg', 2000, 1000), { filename: 'p.jpg', type: 'image/jpeg' });
    const url = AdminProductResponseSchema.parse(res.body).data.images.at(-1) ?? '';
    for (const [query, width] of [['', 640], ['?w=160', 160], ['?w=320', 320], ['?w=640', 640], ['?w=1280', 1280], ['?w=300', 320], ['?w=5000', 1280]] as const) {
      const image = await t.app.inject({ method: 'GET', url: `${url}${query}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width / 2);
    }
    expect((await t.app.inject({ method: 'GET', url: `${url}?w=abc` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/images/photos/0123456789abcdef0123456789abcdef.webp' })).statusCode).toBe(404);
  });

  it('names the photo by its content: the same bytes give the same URL on another product', async () => {
    const bytes = await picture('png', 300, 300);
    const a = AdminProductResponseSchema.parse((await upload(productId(5), bytes)).body).data.images.at(-1);
    const b = AdminProductResponseSchema.parse((await upload(productId(6), bytes)).body).data.images.at(-1);
    expect(a).toBe(b);
    // A small photo is never enlarged.
    const image = await t.app.inject({ method: 'GET', url: `${a ?? ''}?w=1280` });
    expect((await sharp(image.rawPayload).metadata()).width).toBe(300);
  });

  it('keeps the seed artwork and serves the placeholder drawing', async () => {
    const seed = await t.app.inject({ method: 'GET', url: (await productImages(productId(7))).images[0] ?? '' });
    expect(seed.statusCode).toBe(200);
    expect(seed.headers['content-type']).toContain('image/svg+xml');
    const placeholder = await t.app.inject({ method: 'GET', url: PLACEHOLDER_IMAGE });
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.body).toContain('<svg');
  });
});

describe('delete and reorder', () => {
  it('gives the shopper the same URL strings, and the thumbnail follows reorder and delete', async () => {
    const id = productId(8);
    const seedImages = (await productImages(id)).images;
    await t.request('PUT', `/api/admin/products/${id}/images`, { headers: catalog.headers, body: { order: [] } }).then((r) => expect(r.status).toBe(400));
    const first = await upload(id, await picture('png', 400, 400));
    const second = await upload(id, await picture('webp', 400, 400), { filename: 'b.webp', type: 'image/webp' });
    const images = AdminProductResponseSchema.parse(second.body).data.images;
    expect(first.status).toBe(201);
    expect(images).toHaveLength(seedImages.length + 2);

    // Photos first, by URL: the second upload becomes the thumbnail.
    const order = [images[images.length - 1], images[images.length - 2], ...seedImages];
    const reordered = await t.request('PUT', `/api/admin/products/${id}/images`, { headers: catalog.headers, body: { order } });
    expect(reordered.status).toBe(200);
    const admin = AdminProductResponseSchema.parse(reordered.body).data;
    expect(admin.images).toEqual(order);

    const shopper = ProductResponseSchema.parse((await t.get(`/api/product/${id}`)).body).data;
    expect(shopper.images).toEqual(admin.images);
    expect(shopper.thumbnail).toBe(admin.images[0]);

    // By index: swap the first two back.
    const byIndex = await t.request('PUT', `/api/admin/products/${id}/images`, { headers: catalog.headers, body: { order: [1, 0, ...seedImages.map((_, i) => i + 2)] } });
    expect(AdminProductResponseSchema.parse(byIndex.body).data.images[0]).toBe(order[1]);
    expect((await productImages(id)).thumbnail).toBe(order[1]);

    // A stale or partial order is refused, nothing changed.
    const partial = await t.request('PUT', `/api/admin/products/${id}/images`, { headers: catalog.headers, body: { order: [0] } });
    expect(partial.status).toBe(400);
    expect((await productImages(id)).thumbnail).toBe(order[1]);

    // Delete the thumbnail by index: the next picture becomes the thumbnail; its bytes are gone.
    const hash = /([0-9a-f]{32})/.exec(order[1] ?? '')?.[1] ?? '';
    const deleted = await t.request('DELETE', `/api/admin/products/${id}/images/0`, { headers: catalog.headers });
    expect(deleted.status).toBe(200);
    expect(AdminProductResponseSchema.parse(deleted.body).data.images[0]).toBe(order[0]);
    expect((await productImages(id)).thumbnail).toBe(order[0]);
    expect(await t.database.db.select().from(photoVariants).where(eq(photoVariants.hash, hash))).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: order[1] ?? '' })).statusCode).toBe(404);

    // Delete by photo hash, then every seed picture: the product falls back to the placeholder.
    const otherHash = /([0-9a-f]{32})/.exec(order[0] ?? '')?.[1] ?? '';
    expect((await t.request('DELETE', `/api/admin/products/${id}/images/${otherHash}`, { headers: catalog.headers })).status).toBe(200);
    for (let n = 0; n < seedImages.length; n++) {
      expect((await t.request('DELETE', `/api/admin/products/${id}/images/0`, { headers: catalog.headers })).status).toBe(200);
    }
    expect(await productImages(id)).toEqual({ images: [], thumbnail: PLACEHOLDER_IMAGE });
    expect(await t.database.db.select().from(productPhotos).where(eq(productPhotos.productId, id))).toHaveLength(0);
    expect((await t.request('DELETE', `/api/admin/products/${id}/images/0`, { headers: catalog.headers })).status).toBe(404);
  });

  it('keeps a photo shared with another product when one of them drops it', async () => {
    const bytes = await picture('png', 200, 200);
    const url = AdminProductResponseSchema.parse((await upload(productId(9), bytes)).body).data.images.at(-1) ?? '';
    await upload(productId(5), bytes);
    const index = (await productImages(productId(9))).images.indexOf(url);
    expect((await t.request('DELETE', `/api/admin/products/${productId(9)}/images/${index}`, { headers: catalog.headers })).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('refuses support staff on delete and reorder (403)', async () => {
    expect((await t.request('DELETE', `/api/admin/products/${productId(0)}/images/0`, { headers: support.headers })).status).toBe(403);
    expect((await t.request('PUT', `/api/admin/products/${productId(0)}/images`, { headers: support.headers, body: { order: [0] } })).status).toBe(403);
  });
});
