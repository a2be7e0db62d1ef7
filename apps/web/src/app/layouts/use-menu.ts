import { useMemo } from 'react';
import { useAbility } from '../../lib/permissions/use-ability';
import { visibleMenu, type MenuGroup } from './menu-items';

/** The menu groups the signed-in role may see (the ability object is rebuilt when the rules change). */
export function useMenu(): MenuGroup[] {
  const ability = useAbility();
  return useMemo(() => visibleMenu((action, subject) => ability.can(action, subject)), [ability]);
}
