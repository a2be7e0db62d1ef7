import { PAGE_SIZES, type PageState, type SortOrder } from './list-state';
import { oneOfOrUndefined, type UrlField } from './url-fields';

type Fields = Record<string, UrlField<unknown>>;
type NoFields = Record<never, never>;

/** The values of a list's filters, by name. */
export type FilterValues<F extends Fields> = { [K in keyof F]: F[K] extends UrlField<infer V> ? V : never };

/** What a list sorts by: `sort` undefined (only with an undefined default) leaves the order to the server. */
export type SortState<S extends string, D extends S | undefined> = { sort: undefined extends D ? S | undefined : S; order: SortOrder };

interface SortSpec<S extends string, D extends S | undefined> {
  /** The fields the server can sort by. */
  fields: readonly S[];
  /** The default sort. */
  sort: D;
  order: SortOrder;
}

interface ListSpec<F extends Fields> {
  /** The default page size. */
  pageSize: number;
  pageSizes?: readonly number[];
  /** The list's filters, in the order they appear in the URL. */
  filters?: F;
}

/** One list's paging, sorting and filters: its defaults, and how its state is kept in the URL. */
export interface ListDefinition<T extends PageState, Filter = NoFields> {
  defaults: T;
  pageSizes: readonly number[];
  /** The fields the server can sort by (none: the list does not sort). */
  sorts: readonly string[];
  /** Reads the state from the query string; anything missing or invalid falls back to the default. */
  parse(params: URLSearchParams): T;
  /** The query string for a state; default values are left out, so a plain list URL stays plain. */
  toParams(state: T): URLSearchParams;
  /** Just the filters of a state (what "apply to all matching" or an export send). */
  filterOf(state: T): Filter;
  /** Whether any filter narrows the list (the empty state then offers to clear them). */
  isFiltered(state: T): boolean;
  /** Every filter cleared: the change that shows the whole list again. */
  clearedFilters: Filter;
}

const ORDERS = ['asc', 'desc'] as const;
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Defines a list that the server pages, sorts (with `sort`) and filters (with `filters`). */
export function defineList<S extends string, D extends S | undefined, F extends Fields = NoFields>(
  spec: ListSpec<F> & { sort: SortSpec<S, D> },
): ListDefinition<PageState & FilterValues<F> & SortState<S, D>, FilterValues<F>>;
export function defineList<F extends Fields = NoFields>(spec: ListSpec<F>): ListDefinition<PageState & FilterValues<F>, FilterValues<F>>;
export function defineList(
  spec: ListSpec<Fields> & { sort?: SortSpec<string, string | undefined> },
): ListDefinition<PageState, Record<string, unknown>> {
  type State = PageState & Record<string, unknown>;
  const filters = Object.entries(spec.filters ?? {});
  const pageSizes = spec.pageSizes ?? PAGE_SIZES;
  const sort = spec.sort;
  const clearedFilters = Object.fromEntries(filters.map(([key, field]) => [key, field.empty]));
  const defaults: State = { page: 0, pageSize: spec.pageSize, ...clearedFilters, ...(sort ? { sort: sort.sort, order: sort.order } : {}) };

  return {
    defaults,
    pageSizes,
    sorts: sort?.fields ?? [],
    clearedFilters,
    parse(params) {
      const page = Number(params.get('page'));
      const pageSize = Number(params.get('pageSize'));
      const state: State = {
        page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
        pageSize: pageSizes.includes(pageSize) ? pageSize : spec.pageSize,
      };
      for (const [key, field] of filters) state[key] = field.read(params, field.param ?? key);
      if (sort) {
        state.sort = oneOfOrUndefined(sort.fields, params.get('sort')) ?? sort.sort;
        state.order = oneOfOrUndefined(ORDERS, params.get('order')) ?? sort.order;
      }
      return state;
    },
    toParams(state: State) {
      const params = new URLSearchParams();
      if (state.page !== 0) params.set('page', String(state.page + 1));
      if (state.pageSize !== spec.pageSize) params.set('pageSize', String(state.pageSize));
      for (const [key, field] of filters) field.write(params, field.param ?? key, state[key]);
      // Sort and order go together: either alone would read back with the other's default.
      if (sort && (state.sort !== sort.sort || state.order !== sort.order)) {
        if (typeof state.sort === 'string') params.set('sort', state.sort);
        params.set('order', String(state.order));
      }
      return params;
    },
    filterOf: (state: State) => Object.fromEntries(filters.map(([key]) => [key, state[key]])),
    isFiltered: (state: State) => filters.some(([key, field]) => !sameValue(state[key], field.empty)),
  };
}
