import { PRICING_HIDDEN_CODE, pricingSchema, type Pricing } from '@sms/contracts/public-site';
import { partPrice } from '@sms/contracts/pricing';
import { SMS_SEGMENT_LIMITS } from '@sms/contracts/sms-encoding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { requirePublicSiteOn } from './public-site-settings.ts';

const tags = ['public-site'];

/** The price table the composer's estimate uses (Configurations -> Messaging), with the characters a part holds. */
async function pricing(db: Db): Promise<Pricing> {
  const settings = await getMessagingSettings(db);
  return {
    currency: settings.currency,
    pricePerSegment: settings.pricePerSegment,
    pricePerSegmentUcs2: settings.pricePerSegmentUcs2,
    encodings: (['GSM-7', 'UCS-2'] as const).map((encoding) => ({
      encoding,
      single: SMS_SEGMENT_LIMITS[encoding].single,
      perPart: SMS_SEGMENT_LIMITS[encoding].multipart,
      price: partPrice(settings, null, encoding),
    })),
    countryPrices: [...settings.countryPrices].sort((a, b) => a.country.localeCompare(b.country)),
  };
}

/** /frontend-pages/pricing (public, when the administrators show it) and /pages/pricing (staff). */
export const pricingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/public/pricing',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'What a text message costs (public, when the pricing page is shown)',
        response: { 200: pricingSchema, ...errorResponses(404) },
      },
    },
    async () => {
      const site = await requirePublicSiteOn(db);
      if (!site.pricingVisible) throw new AppError(404, 'The pricing page is not shown', PRICING_HIDDEN_CODE);
      return pricing(db);
    },
  );

  app.get(
    '/api/pricing',
    {
      config: { auth: 'required', can: { anyone: 'every role sees the prices' } },
      schema: {
        tags,
        summary: 'What a text message costs (every signed-in role)',
        response: { 200: pricingSchema, ...errorResponses(401) },
      },
    },
    async () => pricing(db),
  );
};
