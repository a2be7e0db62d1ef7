import {
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_PREFIX,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
  type MappingTarget,
} from '@sms/contracts/imports';

/** What one column's select shows: a field, 'custom' (with its name), or 'ignore'. */
export type ColumnTarget = ImportField | 'custom';
export interface ColumnChoice {
  target: ColumnTarget;
  /** The custom field's name (used when target is 'custom'). */
  customName: string;
}

/** The targets in the order the selects list them. */
export const COLUMN_TARGETS: readonly ColumnTarget[] = [
  'phone',
  'firstName',
  'lastName',
  'email',
  'tag1',
  'tag2',
  'tag3',
  'notes',
  'status',
  'custom',
  'ignore',
];

/** A custom field name from a header: trimmed, at most the allowed length, else "column_N". */
export function defaultCustomName(header: string | undefined, index: number): string {
  const name = (header ?? '').trim().slice(0, CUSTOM_FIELD_NAME_MAX);
  return name || `column_${index + 1}`;
}

/** One choice per column from a server mapping (suggested or saved); unmapped columns are ignored. */
export function choicesFromMapping(headers: readonly string[], mapping: ImportMapping): ColumnChoice[] {
  return headers.map((header, index) => {
    const target = mapping[String(index)];
    if (target?.startsWith(CUSTOM_FIELD_PREFIX)) return { target: 'custom', customName: target.slice(CUSTOM_FIELD_PREFIX.length) };
    if (target && (IMPORT_FIELDS as readonly string[]).includes(target))
      return { target: target as ImportField, customName: defaultCustomName(header, index) };
    return { target: 'ignore', customName: defaultCustomName(header, index) };
  });
}

/** The mapping the start request sends: column index -> target; ignored columns are left out. */
export function mappingFromChoices(choices: readonly ColumnChoice[]): ImportMapping {
  const mapping: Record<string, MappingTarget> = {};
  choices.forEach((choice, index) => {
    if (choice.target === 'ignore') return;
    mapping[String(index)] = choice.target === 'custom' ? `${CUSTOM_FIELD_PREFIX}${choice.customName.trim()}` : choice.target;
  });
  return mapping;
}

export type ColumnProblem = 'customNameRequired' | 'customNameTooLong' | 'duplicateTarget';
export interface MappingProblems {
  /** Exactly one column must be the phone number. */
  phone: 'missing' | 'several' | null;
  /** Per column index. */
  columns: Record<number, ColumnProblem>;
  valid: boolean;
}

/**
 * Checks the choices before starting: exactly one phone column, every other field at most once,
 * custom fields named (1-64 characters) and not twice the same name.
 */
export function validateChoices(choices: readonly ColumnChoice[]): MappingProblems {
  const columns: Record<number, ColumnProblem> = {};
  const seen = new Map<string, number>();
  let phones = 0;
  choices.forEach((choice, index) => {
    if (choice.target === 'ignore') return;
    if (choice.target === 'phone') phones += 1;
    let key: string = choice.target;
    if (choice.target === 'custom') {
      const name = choice.customName.trim();
      if (!name) return void (columns[index] = 'customNameRequired');
      if (name.length > CUSTOM_FIELD_NAME_MAX) return void (columns[index] = 'customNameTooLong');
      key = `${CUSTOM_FIELD_PREFIX}${name.toLowerCase()}`;
    }
    if (choice.target !== 'phone' && seen.has(key)) columns[index] = 'duplicateTarget';
    else seen.set(key, index);
  });
  const phone = phones === 0 ? 'missing' : phones > 1 ? 'several' : null;
  return { phone, columns, valid: phone === null && Object.keys(columns).length === 0 };
}
