import type { z } from 'zod';

/**
 * How one setting of a gateway kind is typed in the form: text, a whole number, a share shown as a
 * percentage (stored 0-1), a switch, one text per line, a choice of numbers or of words, or
 * name/value rows (an object; held in the form as JSON text of [name, value] pairs).
 */
export type ConfigFieldSpec =
  | { name: string; type: 'text'; optional?: boolean }
  | { name: string; type: 'int' }
  | { name: string; type: 'percent' }
  | { name: string; type: 'boolean' }
  | { name: string; type: 'lines' }
  | { name: string; type: 'choice'; options: readonly number[] }
  | { name: string; type: 'options'; options: readonly string[] }
  | { name: string; type: 'pairs' };

/** Name/value rows as the form holds them (JSON text), and back. */
export function pairsFromForm(value: string | boolean | undefined): Array<[string, string]> {
  try {
    const parsed: unknown = JSON.parse(typeof value === 'string' && value ? value : '[]');
    return Array.isArray(parsed)
      ? parsed.filter((row): row is [string, string] => Array.isArray(row) && typeof row[0] === 'string' && typeof row[1] === 'string')
      : [];
  } catch {
    return [];
  }
}

export function pairsToForm(rows: Array<[string, string]>): string {
  return JSON.stringify(rows);
}

export type ConfigFormValues = Record<string, string | boolean>;

/** The form's text for a stored (or default) config. */
export function configToForm(specs: readonly ConfigFieldSpec[], config: Record<string, unknown>): ConfigFormValues {
  const values: ConfigFormValues = {};
  for (const spec of specs) {
    const value = config[spec.name];
    switch (spec.type) {
      case 'boolean':
        values[spec.name] = value === true;
        break;
      case 'percent':
        // Rounded so 0.07 shows as 7, not 7.000000000000001.
        values[spec.name] = typeof value === 'number' ? String(Number((value * 100).toFixed(4))) : '';
        break;
      case 'lines':
        values[spec.name] = Array.isArray(value) ? value.map(String).join('\n') : '';
        break;
      case 'pairs':
        values[spec.name] = pairsToForm(
          value && typeof value === 'object' && !Array.isArray(value)
            ? Object.entries(value).map(([key, text]) => [key, String(text)])
            : [],
        );
        break;
      default:
        values[spec.name] = value === undefined || value === null ? '' : String(value);
    }
  }
  return values;
}

/** Form text -> config values, with the form's own problems (not a number) by field name. */
export function formToConfig(
  specs: readonly ConfigFieldSpec[],
  values: ConfigFormValues,
): { config: Record<string, unknown>; errors: Record<string, string> } {
  const config: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const spec of specs) {
    const raw = values[spec.name];
    const text = typeof raw === 'string' ? raw.trim() : '';
    switch (spec.type) {
      case 'boolean':
        config[spec.name] = raw === true;
        break;
      case 'text':
        if (text !== '' || !spec.optional) config[spec.name] = text;
        break;
      case 'options':
        config[spec.name] = text;
        break;
      case 'pairs':
        // Rows without a name are rows being typed: left out. The values are sent as typed.
        config[spec.name] = Object.fromEntries(
          pairsFromForm(raw)
            .filter(([key]) => key.trim() !== '')
            .map(([key, value]) => [key.trim(), value]),
        );
        break;
      case 'int':
      case 'choice':
        if (!/^-?\d+$/.test(text)) errors[spec.name] = 'validation.wholeNumber';
        else config[spec.name] = Number(text);
        break;
      case 'percent': {
        const number = Number(text.replace(',', '.'));
        if (text === '' || !Number.isFinite(number) || number < 0 || number > 100) errors[spec.name] = 'validation.percent';
        else config[spec.name] = Number((number / 100).toFixed(6));
        break;
      }
      case 'lines':
        config[spec.name] = (typeof raw === 'string' ? raw : '')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        break;
    }
  }
  return { config, errors };
}

/** The kind's schema problems by setting name (first problem of each). */
export function schemaErrors(schema: z.ZodType, config: Record<string, unknown>): Record<string, string> {
  const result = schema.safeParse(config);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (name && !errors[name]) errors[name] = issue.message;
    }
  }
  return errors;
}
