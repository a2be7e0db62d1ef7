import type { ColumnVisibility } from '../../../components/data-table/columns-button';

/** Where the contacts grid remembers which columns are shown (per browser). */
export const COLUMN_VISIBILITY_KEY = 'contacts.columns';

/** Columns hidden until the user shows them. */
export const DEFAULT_HIDDEN_COLUMNS = ['tag2', 'tag3', 'updatedAt', 'source'] as const;

/** The stored column choices restricted to known columns (booleans only), over the defaults. */
export function parseColumnVisibility(raw: string | null, known: readonly string[]): ColumnVisibility {
  const model: Record<string, boolean> = Object.fromEntries(
    DEFAULT_HIDDEN_COLUMNS.filter((field) => known.includes(field)).map((field) => [field, false]),
  );
  if (!raw) return model;
  try {
    const stored: unknown = JSON.parse(raw);
    if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
      for (const [field, visible] of Object.entries(stored))
        if (known.includes(field) && typeof visible === 'boolean') model[field] = visible;
    }
  } catch {
    // unreadable: defaults
  }
  return model;
}

/** Reads the remembered choices (defaults when storage is unavailable). */
export function loadColumnVisibility(known: readonly string[]): ColumnVisibility {
  try {
    return parseColumnVisibility(window.localStorage.getItem(COLUMN_VISIBILITY_KEY), known);
  } catch {
    return parseColumnVisibility(null, known);
  }
}

/** Remembers the choices; a full storage or private mode just forgets them. */
export function saveColumnVisibility(model: ColumnVisibility): void {
  try {
    window.localStorage.setItem(COLUMN_VISIBILITY_KEY, JSON.stringify(model));
  } catch {
    // storage unavailable
  }
}
