import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children (a lazily loaded menu, drawer or dialog) from the first time `open` is true
 * on, in a Suspense of their own: their code downloads when first wanted, and they stay mounted
 * afterwards so that their closing transition still plays.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
