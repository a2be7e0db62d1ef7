import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListDefinition } from './define-list';
import { changeListState, type PageState } from './list-state';

/** How a change is recorded: `replace` swaps the history entry (typing, corrections) instead of adding one. */
export interface UpdateOptions {
  replace?: boolean;
}

/** A list's definition, the state it shows and the one way to change it (what a `ServerDataGrid` drives). */
export interface ListHandle<T extends PageState> {
  definition: ListDefinition<T, unknown>;
  state: T;
  update(patch: Partial<T>, options?: UpdateOptions): void;
}

/** A list whose state lives in the URL, so back/forward and shared links restore it. */
export function useUrlListState<T extends PageState, F>(definition: ListDefinition<T, F>): ListHandle<T> {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = definition.parse(searchParams);
  const update = (patch: Partial<T>, { replace = false }: UpdateOptions = {}) => {
    const next = definition.toParams(changeListState(state, patch));
    // The grid also reports unchanged models; only real changes become history entries.
    if (next.toString() !== definition.toParams(state).toString()) setSearchParams(next, { replace, preventScrollReset: true });
  };
  return { definition, state, update };
}

/** A list whose state lives in the component (a tab, a drawer, a report's table): gone when it closes. */
export function useLocalListState<T extends PageState, F>(definition: ListDefinition<T, F>): ListHandle<T> {
  const [state, setState] = useState(definition.defaults);
  const update = useCallback((patch: Partial<T>) => setState((current) => changeListState(current, patch)), []);
  return { definition, state, update };
}
