import type { ImportOptions, OnDuplicate, TagField } from '@sms/contracts/imports';

/** The options form as the user edits it (empty strings for "none"). */
export interface OptionsState {
  defaultCountry: string;
  onDuplicate: OnDuplicate;
  tagField: TagField;
  tagValue: string;
}

/** The options a new import starts from: the organisation's default country (see useDefaultCountry). */
export const initialOptions = (defaultCountry: string): OptionsState => ({
  defaultCountry,
  onDuplicate: 'skip',
  tagField: 'tag1',
  tagValue: '',
});

/** The start request's options: empty country and tag left out; the sheet for XLSX. */
export function buildStartOptions(state: OptionsState, sheet: string | null): ImportOptions {
  const tagValue = state.tagValue.trim();
  return {
    onDuplicate: state.onDuplicate,
    ...(state.defaultCountry ? { defaultCountry: state.defaultCountry } : {}),
    ...(tagValue ? { tag: { field: state.tagField, value: tagValue } } : {}),
    ...(sheet ? { sheet } : {}),
  };
}

/** The contacts list filtered to an import's tag (`/contacts?tag1=value`), or the plain list. */
export function contactsLinkForTag(listPath: string, tag: { field: TagField; value: string } | null | undefined): string {
  return tag?.value ? `${listPath}?${new URLSearchParams({ [tag.field]: tag.value }).toString()}` : listPath;
}
