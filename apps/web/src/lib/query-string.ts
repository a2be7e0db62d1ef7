/** Query parameter values the client accepts (as axios did): scalars, dates, arrays of them; undefined and null are left out. */
export type QueryParams = Record<string, unknown>;

const scalar = (value: unknown): string =>
  value instanceof Date
    ? value.toISOString()
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value as string | number | boolean);

/**
 * `?a=1&b=x` for the parameters, or '' when none remain. Arrays repeat the name, as `name[]=`
 * when `brackets` (axios's default) or `name=` (axios's `indexes: null`).
 */
export function queryString(params: QueryParams | undefined, brackets = true): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) search.append(brackets ? `${name}[]` : name, scalar(item));
    } else search.append(name, scalar(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
