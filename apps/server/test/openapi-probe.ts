/**
 * Reads the API's own OpenAPI document and turns it into requests: a valid base request per
 * operation (schema samples, or a hand-written body where a sample cannot be valid), and every
 * string field of its body, query string and path, each of which a probe fills with hostile text.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON schemas are walked generically */
export type JsonSchema = Record<string, any>;

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/users/{id}. */
  path: string;
  parameters: Array<{ in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema }>;
  /** application/json or multipart/form-data body schema. */
  body?: { type: 'json' | 'multipart'; schema: JsonSchema };
}

/** Where a probe puts its text: a body field (path of keys), a query parameter or a path parameter. */
export type Target = { in: 'body'; path: string[] } | { in: 'query' | 'path'; name: string };

export const targetLabel = (target: Target) => (target.in === 'body' ? `body.${target.path.join('.')}` : `${target.in}.${target.name}`);

/** Every operation of the document. */
export function operations(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']
        ? { type: 'json' as const, schema: content['application/json'].schema }
        : content['multipart/form-data']
          ? { type: 'multipart' as const, schema: content['multipart/form-data'].schema }
          : undefined;
      return { method: method.toUpperCase(), path, parameters: op.parameters ?? [], ...(body ? { body } : {}) };
    }),
  );
}

const variantsOf = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [schema];
const typesOf = (schema: JsonSchema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
const notNull = (schema: JsonSchema) => !typesOf(schema).includes('null') || typesOf(schema).length > 1;

const STRING_CANDIDATES = ['x', 'GB', 'en', 'A1', '+447911123456', '12:00', 'Europe/London', '#041E42', '1', 'x'.repeat(8)];

/** A value the schema accepts (defaults first; formats and patterns guessed from common shapes). */
export function sample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) return sample(variantsOf(schema).find(notNull) ?? {});
  const type = typesOf(schema).find((each) => each !== 'null');
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {});
      return out;
    }
    case 'array':
      return (schema.minItems ?? 0) > 0 ? [sample(schema.items ?? {})] : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string':
      return sampleString(schema);
    default:
      return undefined;
  }
}

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'email') return 'probe@example.test';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date') return '2026-01-15';
  if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
  const min = schema.minLength ?? 0;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern, 'u');
    const found = STRING_CANDIDATES.find((candidate) => pattern.test(candidate) && candidate.length >= min);
    if (found) return found;
  }
  return 'x'.repeat(Math.max(1, min));
}

/** Every place a string can go in a body schema: object properties (through unions), array items, record values. */
export function stringFields(schema: JsonSchema, path: string[] = [], depth = 0): string[][] {
  if (depth > 6) return [];
  const found: string[][] = [];
  for (const variant of variantsOf(schema)) {
    const types = typesOf(variant);
    if (types.includes('string') && variant.format !== 'binary') found.push(path);
    if (types.includes('object') || variant.properties) {
      for (const [key, property] of Object.entries<JsonSchema>(variant.properties ?? {}))
        found.push(...stringFields(property, [...path, key], depth + 1));
      if (variant.additionalProperties && typeof variant.additionalProperties === 'object')
        found.push(...stringFields(variant.additionalProperties, [...path, 'probe'], depth + 1));
    }
    if (types.includes('array') && variant.items) found.push(...stringFields(variant.items, [...path, '0'], depth + 1));
  }
  const unique = new Map(found.map((each) => [each.join('\u0001'), each]));
  return [...unique.values()];
}

/**
 * `base` with `value` at `path`, following the schema so the surroundings stay valid: at a
 * union the variant holding the next key is chosen (its required values filled in), arrays get
 * the value as their first item.
 */
export function withValue(schema: JsonSchema, base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const variant =
    variantsOf(schema).find((each) =>
      key === '0' ? typesOf(each).includes('array') : Boolean(each.properties?.[key] ?? each.additionalProperties),
    ) ?? schema;
  if (key === '0' && typesOf(variant).includes('array'))
    return [withValue(variant.items ?? {}, Array.isArray(base) ? base[0] : undefined, rest, value)];
  const isObject = base !== null && typeof base === 'object' && !Array.isArray(base);
  const union = variant !== schema || Boolean(schema.anyOf ?? schema.oneOf);
  // Missing surroundings get the variant's required values; at a union they also decide the variant.
  const filled = {
    ...(isObject ? (base as Record<string, unknown>) : {}),
    ...(union || !isObject ? ((sample(variant) as Record<string, unknown> | undefined) ?? {}) : {}),
  };
  const child = variant.properties?.[key] ?? variant.additionalProperties ?? {};
  return { ...filled, [key]: withValue(child, filled[key], rest, value) };
}

/**
 * A query string or path segment holding `text` exactly: lone surrogates cannot be UTF-8, so
 * they go as the bytes a careless client sends (WTF-8), which the server must refuse cleanly.
 */
export function encodeText(text: string): string {
  let out = '';
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    const next = text.charCodeAt(at + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(at, at + 2));
      at++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else out += encodeURIComponent(text[at]!);
  }
  return out;
}
