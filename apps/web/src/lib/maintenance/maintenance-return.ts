import { paths, safeRedirect } from '../../config/paths';

/**
 * The maintenance page with a `from` back to `target` (path plus search), the page to return to
 * when maintenance ends. Sign-in and other /auth pages are not worth returning to.
 */
export function maintenanceWithReturn(target: string): string {
  return target && target !== '/' && !target.startsWith('/auth/')
    ? `${paths.maintenance}?from=${encodeURIComponent(target)}`
    : paths.maintenance;
}

/** Where the maintenance page sends the user back to: a same-site `from`, never an /auth page, else the dashboard. */
export function returnFromMaintenance(from: string | null | undefined): string {
  const target = safeRedirect(from);
  return target.startsWith('/auth/') ? paths.dashboard : target;
}
