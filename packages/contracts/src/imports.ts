import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './lists.ts';

const MB = 1024 * 1024;

/**
 * Limits of a contacts import. The server enforces them (file size at upload -> 413; the others
 * while the job reads the file) and the web app shows them next to the upload button.
 */
export const IMPORT_LIMITS = {
  /** Size of the uploaded file. */
  maxFileBytes: 200 * MB,
  /** Data rows read from one file; the job stops with an error past it. */
  maxRows: 2_000_000,
  /** Columns of the header row. A data row with more cells than this is rejected. */
  maxColumns: 200,
  /** Characters in one cell; a longer cell rejects its row. */
  maxCellLength: 10_000,
  /** XLSX: total uncompressed size of the zip's entries (zip bomb guard). */
  xlsxMaxUncompressedBytes: 1024 * MB,
  /** XLSX: uncompressed / compressed size of the whole archive (zip bomb guard). */
  xlsxMaxRatio: 200,
  /** Rows shown in a preview. */
  previewRows: 20,
} as const;

/** The multipart field that carries the file. */
export const IMPORT_FILE_FIELD = 'file';

/** Messages the API answers word for word (the web may show them as they are). */
export const IMPORT_MESSAGES = {
  empty: 'The file is empty',
  noDataRows: 'The file has no data rows',
  notTabular: 'This file is not a CSV or Excel file',
  tooLarge: 'The file must be 200 MB or smaller',
  noPhone: 'Map one column to the phone number',
  cellTooLong: 'A cell is longer than 10,000 characters',
} as const;

/** 'expired': uploaded but not started within IMPORT_UPLOAD_TTL_HOURS; its file was removed. */
export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled', 'expired'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** Statuses after which nothing changes any more. */
export const FINISHED_IMPORT_STATUSES: readonly ImportStatus[] = ['completed', 'failed', 'cancelled', 'expired'];

/** An upload not started within this many hours is removed by housekeeping (status 'expired'). */
export const IMPORT_UPLOAD_TTL_HOURS = 24;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What happens when a phone number is already stored (or appeared earlier in the file). */
export const ON_DUPLICATE = ['skip', 'fill', 'overwrite'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

export const TAG_FIELDS = ['tag1', 'tag2', 'tag3'] as const;
export type TagField = (typeof TAG_FIELDS)[number];

/**
 * Targets a column may be mapped to, besides `custom:<name>`. `status`: 'opted_out' opts the
 * contact out (an import never opts anyone back in); 'active' or empty changes nothing.
 */
export const IMPORT_FIELDS = ['phone', 'firstName', 'lastName', 'email', 'tag1', 'tag2', 'tag3', 'notes', 'status', 'ignore'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const CUSTOM_FIELD_PREFIX = 'custom:';
export const CUSTOM_FIELD_NAME_MAX = 64;

/** 'phone', 'firstName', ..., 'ignore', or 'custom:<name>' (name 1-64 characters). */
export type MappingTarget = ImportField | `custom:${string}`;

/** Whether a string is a valid mapping target. */
export function isMappingTarget(value: string): value is MappingTarget {
  if ((IMPORT_FIELDS as readonly string[]).includes(value)) return true;
  const name = value.startsWith(CUSTOM_FIELD_PREFIX) ? value.slice(CUSTOM_FIELD_PREFIX.length) : '';
  return name.trim().length > 0 && name.length <= CUSTOM_FIELD_NAME_MAX;
}

export const mappingTargetSchema = z
  .string()
  .refine(isMappingTarget, { error: `A column maps to one of ${IMPORT_FIELDS.join(', ')} or custom:<name>` });

/** Column index (as a string: "0", "1", ...) -> target. Columns left out are ignored. */
export const importMappingSchema = z.record(
  z.string().regex(/^\d{1,3}$/, 'mapping keys are column numbers (0, 1, ...)'),
  mappingTargetSchema,
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importCountsSchema = z.object({
  rowsRead: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Skipped because the phone was already stored (onDuplicate 'skip') or earlier in the file. */
  duplicates: z.number().int(),
  rejected: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importOptionsSchema = z.object({
  /** ISO 3166-1 alpha-2 country for numbers written without a country code. */
  defaultCountry: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'defaultCountry must be a two-letter country code')
    .optional(),
  onDuplicate: z.enum(ON_DUPLICATE, { error: `onDuplicate must be one of ${ON_DUPLICATE.join(', ')}` }).default('skip'),
  /** Tag every imported contact with this value in this tag field. */
  tag: z
    .object({
      field: z.enum(TAG_FIELDS, { error: `tag.field must be one of ${TAG_FIELDS.join(', ')}` }),
      value: z.string().trim().min(1, 'tag.value is required').max(100, 'tag.value must be at most 100 characters'),
    })
    .optional(),
  /** XLSX: the sheet to import (default: the first). */
  sheet: z.string().max(200).optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

export const startImportBodySchema = z.object({
  mapping: importMappingSchema,
  options: importOptionsSchema.default({ onDuplicate: 'skip' }),
});
export type StartImportBody = z.input<typeof startImportBodySchema>;

/** A number read as an international one although a default country was set: its row, what the file held, how it was read. */
export const internationalExampleSchema = z.object({
  row: z.number().int(),
  input: z.string(),
  e164: z.string(),
  country: z.string().nullable(),
});
export type InternationalExample = z.infer<typeof internationalExampleSchema>;

/** Examples an import keeps of the numbers it read as international. */
export const INTERNATIONAL_EXAMPLES_MAX = 5;

export const IMPORT_WARNING_CODES = ['mostly_rejected', 'read_as_international'] as const;
export type ImportWarningCode = (typeof IMPORT_WARNING_CODES)[number];

/**
 * What an import's outcome should make its reader check, with an English message for API users;
 * the web app shows each by its code and figures.
 * - mostly_rejected: half or more of the rows of a completed import were rejected (a wrongly
 *   mapped phone column or a wrong default country looks like this).
 * - read_as_international: numbers were read as international ones although a default country
 *   was set (a wrong default country looks like this), with the first few.
 */
export const importWarningSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('mostly_rejected'),
    message: z.string(),
    rejected: z.number().int(),
    rowsRead: z.number().int(),
    defaultCountry: z.string().nullable(),
  }),
  z.object({
    code: z.literal('read_as_international'),
    message: z.string(),
    count: z.number().int(),
    defaultCountry: z.string(),
    examples: z.array(internationalExampleSchema),
  }),
]);
export type ImportWarning = z.infer<typeof importWarningSchema>;

/** One import as the API presents it (history rows, progress polling). */
export const importSummarySchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  fileSize: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  counts: importCountsSchema,
  /** Share of the file read so far, 0-100 (null before the job starts). */
  progress: z.number().nullable(),
  options: z
    .object({
      mapping: importMappingSchema,
      defaultCountry: z.string().nullable(),
      onDuplicate: z.enum(ON_DUPLICATE),
      tag: z.object({ field: z.enum(TAG_FIELDS), value: z.string() }).nullable(),
      sheet: z.string().nullable(),
    })
    .nullable(),
  cancelRequested: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  elapsedMs: z.number().int().nullable(),
  rowsPerSecond: z.number().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  errorMessage: z.string().nullable(),
  /** Where the rejected rows can be downloaded (null while there are none). */
  errorsUrl: z.string().nullable(),
  /** What to check about the outcome (empty when nothing). */
  warnings: z.array(importWarningSchema),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/**
 * What the preview found out about the file, with an English message for API users:
 * - sheet_with_phone: a workbook opened on `sheet`, the first with a phone number column
 *   (`skipped`: the sheets before it, which have none);
 * - no_phone_sheet: no sheet of the workbook has a phone number column; the first is shown;
 * - contacts_export: the file is this app's contacts export: its columns map to the same fields,
 *   and the columns the app keeps itself (`ignored`) are not imported.
 */
export const importPreviewNoteSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('sheet_with_phone'), message: z.string(), sheet: z.string(), skipped: z.array(z.string()) }),
  z.object({ code: z.literal('no_phone_sheet'), message: z.string(), sheet: z.string() }),
  z.object({ code: z.literal('contacts_export'), message: z.string(), ignored: z.array(z.string()) }),
]);
export type ImportPreviewNote = z.infer<typeof importPreviewNoteSchema>;

export const importPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** 'utf-8', 'utf-16le', 'utf-16be' or 'windows-1252' (XLSX: 'utf-8'). */
  encoding: z.string(),
  /** CSV: ',', ';', '\t' or '|' (XLSX: null). */
  delimiter: z.string().nullable(),
  /** XLSX: every sheet name in workbook order (CSV: []). */
  sheets: z.array(z.string()),
  /** XLSX: the sheet shown (CSV: null). */
  sheet: z.string().nullable(),
  headers: z.array(z.string()),
  /** The first data rows (at most IMPORT_LIMITS.previewRows), cells as text. */
  rows: z.array(z.array(z.string())),
  /** Column index (string) -> detected target. */
  suggestedMapping: importMappingSchema,
  /** What the preview found out (the sheet it chose and why, the app's own export format). */
  notes: z.array(importPreviewNoteSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importUploadResponseSchema = z.object({ import: importSummarySchema, preview: importPreviewSchema });
export type ImportUploadResponse = z.infer<typeof importUploadResponseSchema>;

export const importResponseSchema = z.object({ import: importSummarySchema });
export type ImportResponse = z.infer<typeof importResponseSchema>;

export const importIdParamsSchema = z.object({ id: z.uuid('id must be a valid import id') });
export const importPreviewQuerySchema = z.object({ sheet: z.string().max(200).optional() });

export const listImportsQuerySchema = pageQuerySchema;
export type ListImportsQuery = z.infer<typeof listImportsQuerySchema>;
export const importListResponseSchema = listResponseSchema(importSummarySchema);
export type ImportList = z.infer<typeof importListResponseSchema>;

/** Columns of the downloadable error file, in order. */
export const IMPORT_ERROR_FILE_COLUMNS = ['row_number', 'raw', 'reason'] as const;
