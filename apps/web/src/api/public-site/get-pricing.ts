import type { Pricing } from '@sms/contracts/public-site';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { publicSiteKeys } from './public-site-keys';

/** GET /api/public/pricing (visitors, when shown) or GET /api/pricing (staff). */
export const getPricing = (audience: 'public' | 'staff', signal?: AbortSignal) =>
  apiGet<Pricing>(audience === 'public' ? '/api/public/pricing' : '/api/pricing', { signal });

/** The price table (a 404 is not retried; the server being away is, as for every query). */
export const usePricing = (audience: 'public' | 'staff') =>
  useQuery({ queryKey: publicSiteKeys.pricing(audience), queryFn: ({ signal }) => getPricing(audience, signal) });
