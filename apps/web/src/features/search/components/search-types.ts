/** A page of the settings the search offers by name (the app layer lists them from its tabs, already filtered by role). */
export interface SearchablePage {
  id: string;
  label: string;
  path: string;
}

/** One row of the results, whatever its group: what it shows and where Enter goes. */
export interface SearchOption {
  id: string;
  group: string;
  title: string;
  detail: string | null;
  path: string;
}
