import type { OnDuplicate, TagField } from '@sms/contracts/imports';

/** What the imports.options column holds: the upload's findings plus the options given at start. */
export interface StoredOptions {
  /** XLSX: every sheet of the workbook. */
  sheets?: string[];
  defaultCountry?: string | null;
  onDuplicate?: OnDuplicate;
  tag?: { field: TagField; value: string } | null;
}
