import { LanguageSchema } from '@dukkan/contracts/common';
import { AutomaticPromotionsResponseSchema } from '@dukkan/contracts/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Database } from '../../db/client';
import { requestLanguage } from '../../lib/language';
import { CATALOG_CACHE, type ResponseCache } from '../../lib/response-cache';

import { automaticPromotions } from './automatic';

interface PromotionRoutesOptions {
  db: Database;
  cache: ResponseCache;
}

/**
 * The shop's public word on its promotions (issue #35): the automatic ones running now, which the
 * storefront names on the products they apply to. The same for everyone, so cached like the
 * catalog (a new one shows within seconds); what a cart gets is the cart's answer.
 */
export const promotionRoutes: FastifyPluginAsyncZod<PromotionRoutesOptions> = async (app, { db, cache }) => {
  app.get(
    '/promotions/automatic',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The automatic promotions running now, with their terms and what they are limited to',
        querystring: z.object({ lng: LanguageSchema.optional().describe('Language of the names (else the i18next cookie, else en)') }),
        response: { 200: AutomaticPromotionsResponseSchema },
      },
    },
    async (request, reply) => {
      const lng = requestLanguage(request);
      return cache.send(request, reply, `automatic-promotions:${lng}`, CATALOG_CACHE, AutomaticPromotionsResponseSchema, async () => ({
        data: await automaticPromotions(db, lng),
      }));
    },
  );
};
