/** How one filter of a list is read from and written to the URL's query string. */
export interface UrlField<V> {
  /** The value when the URL does not set it (or sets it to something invalid); clearing sets it. */
  empty: V;
  /** The query parameter, when it is not the field's own name (e.g. `statuses` as `status=…`). */
  param?: string;
  read(params: URLSearchParams, param: string): V;
  /** Adds the value to `params`; the empty value adds nothing, so plain URLs stay plain. */
  write(params: URLSearchParams, param: string, value: V): void;
}

const writeText = (params: URLSearchParams, param: string, value: string) => {
  if (value) params.set(param, value);
};

/** The value when it is one of `allowed`, else undefined. */
export const oneOfOrUndefined = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** Free text (a search, a tag), trimmed and cut at `maxLength`. */
export const textField = (maxLength: number): UrlField<string> => ({
  empty: '',
  read: (params, param) => (params.get(param) ?? '').trim().slice(0, maxLength),
  write: writeText,
});

/** One value from a fixed set, or '' for "any". */
export const choiceField = <T extends string>(allowed: readonly T[]): UrlField<T | ''> => ({
  empty: '',
  read: (params, param) => oneOfOrUndefined(allowed, params.get(param)) ?? '',
  write: writeText,
});

/**
 * Any number of values from a fixed set, the parameter repeated (`status=a&status=b`). Kept in the
 * set's order, once each, so equal filters make equal URLs and query keys.
 */
export const choicesField = <T extends string>(allowed: readonly T[], param?: string): UrlField<T[]> => ({
  empty: [],
  ...(param ? { param } : {}),
  read: (params, name) => {
    const chosen = params.getAll(name);
    return allowed.filter((value) => chosen.includes(value));
  },
  write: (params, name, value) => {
    for (const item of allowed) if (value.includes(item)) params.append(name, item);
  },
});

/** A real calendar date as YYYY-MM-DD, else ''. */
export function validDate(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : '';
}

/** A calendar date (YYYY-MM-DD), or ''. */
export const dateField = (): UrlField<string> => ({
  empty: '',
  read: (params, param) => validDate(params.get(param)),
  write: writeText,
});
