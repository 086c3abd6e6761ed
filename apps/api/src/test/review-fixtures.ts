import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';

import type { Database } from '../db/client';
import { recomputeRatings } from '../modules/reviews/ratings';

/**
 * Gives most products of the catalog approved reviews, the way moderation leaves them (issue #36):
 * `reviewers` shoppers made for it, each reviewing a product or not, with 1–5 stars, all drawn from
 * a hash of the product's and the shopper's ids (the same catalog always gets the same reviews);
 * about one product in ten gets none. Then every product's rating and count are recomputed from
 * them, as each moderation step does. For tests of what reads the figures (the aisles' rating
 * sort and filter): the catalogs themselves ship no reviews.
 */
export async function reviewCatalog(db: Database, { reviewers = 6 }: { reviewers?: number } = {}): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with reviewer as (
        insert into users (name, email, password_hash)
        select 'Fixture Reviewer ' || n, 'reviewer-' || n || '-' || ${tag} || '@example.com', 'fixture: cannot sign in'
        from generate_series(1, ${reviewers}::integer) n
        returning id
      )
      insert into reviews (product_id, user_id, rating, title, body, language, status, moderated_at)
      select p.id, r.id, 1 + abs(hashtext(p.id::text || r.id::text)) % 5, 'Fixture review', 'Written by a test fixture.', 'en', 'approved', now()
      from products p cross join reviewer r
      where abs(hashtext(p.id::text)) % 10 <> 0 and abs(hashtext(r.id::text || p.id::text)) % 3 <> 0`);
    await recomputeRatings(tx, 'all');
  });
}
