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

export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** Statuses after which nothing changes any more. */
export const FINISHED_IMPORT_STATUSES: readonly ImportStatus[] = ['completed', 'failed', 'cancelled'];

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What happens when a phone number is already stored (or appeared earlier in the file). */
export const ON_DUPLICATE = ['skip', 'fill', 'overwrite'] as const;
export type OnDuplicate = (typeof ON_DUPLICATE)[number];

export const TAG_FIELDS = ['tag1', 'tag2', 'tag3'] as const;
export type TagField = (typeof TAG_FIELDS)[number];

/** Targets a column may be mapped to, besides `custom:<name>`. */
export const IMPORT_FIELDS = ['phone', 'firstName', 'lastName', 'email', 'tag1', 'tag2', 'tag3', 'ignore'] as const;
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

export const mappingTargetSchema = z.string().refine(isMappingTarget, { error: `A column maps to one of ${IMPORT_FIELDS.join(', ')} or custom:<name>` });

/** Column index (as a string: "0", "1", ...) -> target. Columns left out are ignored. */
export const importMappingSchema = z.record(z.string().regex(/^\d{1,3}$/, 'mapping keys are column numbers (0, 1, ...)'), mappingTargetSchema);
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
  options: z.object({ mapping: importMappingSchema, defaultCountry: z.string().nullable(), onDuplicate: z.enum(ON_DUPLICATE), tag: z.object({ field: z.enum(TAG_FIELDS), value: z.string() }).nullable(), sheet: z.string().nullable() }).nullable(),
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
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

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
