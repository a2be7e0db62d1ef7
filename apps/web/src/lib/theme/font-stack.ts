/**
 * CSS font stacks for the brand's font family. Only fonts installed on the viewer's device are
 * used: the network is closed and the CSP forbids remote fonts, so each family falls back to
 * system faces that also cover Arabic and Chinese.
 */
const SANS_FALLBACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Arabic', 'PingFang SC', 'Microsoft YaHei', sans-serif";
const SERIF_FALLBACK = "'Times New Roman', 'Noto Serif', 'Songti SC', serif";
const SERIF_FAMILIES = new Set(['georgia', 'times new roman']);
const GENERIC_FAMILIES = new Set(['system-ui', 'sans-serif', 'serif', 'monospace', 'ui-sans-serif', 'ui-serif']);

/** 'Plus Jakarta Sans' -> "'Plus Jakarta Sans', system-ui, ..., sans-serif"; serif faces fall back to serifs. */
export function fontStack(family: string | null | undefined): string {
  const name = (family ?? '').replace(/["'\\;{}]/g, '').trim();
  if (!name || name === 'system-ui') return SANS_FALLBACK;
  const lower = name.toLowerCase();
  const first = GENERIC_FAMILIES.has(lower) ? lower : `'${name}'`;
  return `${first}, ${SERIF_FAMILIES.has(lower) ? SERIF_FALLBACK : SANS_FALLBACK}`;
}
