import { DEFAULT_MAINTENANCE_MESSAGE, MAINTENANCE_CODE } from '@sms/contracts/maintenance';
import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';
import type { FastifyInstance } from 'fastify';
import type { MaintenanceState } from './maintenance-state.ts';

/** Seconds a blocked client is told to wait before trying again (the web app polls every 5 s). */
const RETRY_AFTER_SECONDS = 30;

/**
 * Routes that stay open to everyone during maintenance, by method and route pattern:
 * probes, signing in and out (administrators must get in), the mode itself, what the sign-in and
 * maintenance pages show (setup status, brand settings and assets), and carriers' webhooks.
 */
const OPEN_ROUTES: ReadonlyArray<{ methods: readonly string[] | 'any'; url: string; prefix?: true }> = [
  { methods: 'any', url: '/api/health' },
  { methods: 'any', url: '/api/health/ready' },
  { methods: ['POST'], url: '/api/users/login' },
  { methods: ['POST'], url: '/api/users/logout' },
  { methods: ['GET', 'HEAD'], url: '/api/users/setup-status' },
  { methods: ['GET', 'HEAD'], url: '/api/maintenance' },
  { methods: ['GET', 'HEAD'], url: '/api/brand-settings' },
  { methods: ['GET', 'HEAD'], url: '/api/brand-assets/:hash.:ext' },
  { methods: 'any', url: '/api/gateways/twilio/', prefix: true },
  // `npm run backup` on the embedded server's machine (its own token; modules/backups).
  { methods: ['GET', 'HEAD'], url: '/api/backups/stream' },
];

/** Whether a route stays open during maintenance. */
export function isOpenDuringMaintenance(method: string, routeUrl: string): boolean {
  return OPEN_ROUTES.some(
    (route) =>
      (route.prefix ? routeUrl.startsWith(route.url) : routeUrl === route.url) &&
      (route.methods === 'any' || route.methods.includes(method)),
  );
}

/** Whoever may switch maintenance off (administrators under the policy) keeps working through it. */
export function worksDuringMaintenance(role: Role): boolean {
  return roleCan(role, 'update', 'Settings');
}

/**
 * While maintenance mode is on, every other /api call by someone who cannot switch it off answers
 * 503 MAINTENANCE with the administrator's message. Registered after authentication, so the
 * caller's role is known (an anonymous caller is not an administrator).
 */
export function registerMaintenanceGuard(app: FastifyInstance, state: MaintenanceState): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    // Unknown paths (404) and the web app's own files are not API calls.
    if (!url?.startsWith('/api/') || isOpenDuringMaintenance(request.method, url)) return;
    if (request.user && worksDuringMaintenance(request.user.role)) return;
    const status = await state.current();
    if (!status.enabled) return;
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ message: status.message || DEFAULT_MAINTENANCE_MESSAGE, error: 'Service Unavailable', code: MAINTENANCE_CODE });
  });
}
