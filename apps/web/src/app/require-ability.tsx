import type { Action, Subject } from '@sms/contracts/policy';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useAbility } from '../lib/permissions/use-ability';
import { lazyWhenReachable } from '../lib/lazy-page';

// Rarely shown, and it brings the page frame (breadcrumbs): loaded when needed, not with the app's start.
const Forbidden = lazyWhenReachable(() => import('./routes/forbidden'));

/** Routes the role may not use show a "no access" page instead of a screen full of 403 errors. */
export function RequireAbility({ action, subject, children }: { action: Action; subject: Subject; children?: ReactNode }) {
  const ability = useAbility();
  if (!ability.can(action, subject)) return <Forbidden />;
  return children ?? <Outlet />;
}
