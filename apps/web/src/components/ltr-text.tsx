import type { ReactNode } from 'react';

/**
 * A phone number, code or id kept left to right inside right-to-left text: an isolated LTR
 * island, so Arabic shows `+447911123429`, never `447911123429+`.
 */
export function LtrText({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {children}
    </bdi>
  );
}
