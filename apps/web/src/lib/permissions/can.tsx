import { Can as CaslCan, type CanProps } from '@casl/react';
import type { ReactNode } from 'react';
import type { AppAbility } from './ability';

/** Renders children only when allowed: `<Can I="create" a="User">...</Can>` (or `do`/`on`, `not`, `passThrough`). */
export const Can = CaslCan as (props: CanProps<AppAbility>) => ReactNode;
