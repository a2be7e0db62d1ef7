/** Direction of a list's sort. */
export type SortOrder = 'asc' | 'desc';

/** The page a list shows: a zero-based index (the URL shows it one-based) and the rows per page. */
export interface PageState {
  page: number;
  pageSize: number;
}

/** A list the server pages and may sort (`sort` undefined: the server's own order). */
export interface ServerListState extends PageState {
  sort?: string | undefined;
  order?: SortOrder;
}

/** The page sizes a list offers unless it says otherwise. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Equal values; arrays (a multi-choice filter) compare by their items. */
const same = (a: unknown, b: unknown): boolean =>
  a === b || (Array.isArray(a) && Array.isArray(b) && JSON.stringify(a) === JSON.stringify(b));

/**
 * Applies a change. A new search, filter, sort or page size goes back to the first page (the old
 * page number would point into a different result), unless the change moves the page itself.
 */
export function changeListState<T extends PageState>(state: T, patch: Partial<T>): T {
  const next = { ...state, ...patch };
  const keys = Object.keys(patch) as (keyof T)[];
  const resetsPage = keys.some((key) => key !== 'page' && !same(patch[key], state[key]));
  const movesPage = 'page' in patch && patch.page !== state.page;
  return resetsPage && !movesPage ? { ...next, page: 0 } : next;
}

/** The last page that has rows for `total` (page index stays 0 for an empty list). */
export const lastPage = (total: number, pageSize: number): number => Math.max(0, Math.ceil(total / pageSize) - 1);

/**
 * The page to show instead of a page past the end (rows deleted meanwhile, or an old link): the
 * last page that has rows; null when the page shown is fine. `rows` is what the server answered
 * for the page, `total` how many match.
 */
export function correctedPage({ page, pageSize }: PageState, { rows, total }: { rows: number; total: number }): number | null {
  const last = lastPage(total, pageSize);
  return page > last && rows === 0 ? last : null;
}

/** `limit` and `skip` of a list endpoint for the page shown. */
export const pageQuery = ({ page, pageSize }: PageState): { limit: number; skip: number } => ({ limit: pageSize, skip: page * pageSize });

/** `limit`, `skip`, `sort` and `order` of a sorted list endpoint for the page shown. */
export const sortedPageQuery = <S extends string>(
  state: PageState & { sort: S; order: SortOrder },
): { limit: number; skip: number; sort: S; order: SortOrder } => ({
  ...pageQuery(state),
  sort: state.sort,
  order: state.order,
});

type Filled<V> = Exclude<V, ''>;

/** The filters that are set, for an API query: empty texts and empty choices are left out. */
export function withoutEmpty<T extends Record<string, string | readonly string[]>>(values: T): { [K in keyof T]?: Filled<T[K]> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.length > 0)) as { [K in keyof T]?: Filled<T[K]> };
}

/** A column the user sorted by (a null sort: cleared). */
export interface SortChoice {
  field: string;
  sort?: SortOrder | null | undefined;
}

/**
 * The sort to ask the server for after the user sorted a column: the column when the server can
 * sort by it, otherwise (a column it cannot sort by, or the sort cleared) the list's default.
 */
export function sortFromChoice<S extends string>(
  choice: SortChoice,
  sorts: readonly S[],
  fallback: { sort: S | undefined; order: SortOrder },
): { sort: S | undefined; order: SortOrder } {
  if (!choice.sort || !(sorts as readonly string[]).includes(choice.field)) return { sort: fallback.sort, order: fallback.order };
  return { sort: choice.field as S, order: choice.sort };
}

/**
 * The order a click on a column's header asks for: the first of `cycle` for a column not sorted
 * yet, else the one after its current order (null: back to the list's default sort).
 */
export function nextSortOrder(current: SortOrder | null, cycle: readonly (SortOrder | null)[]): SortOrder | null {
  if (current === null) return cycle[0] ?? 'asc';
  const at = cycle.indexOf(current);
  return cycle[(at + 1) % cycle.length] ?? null;
}
