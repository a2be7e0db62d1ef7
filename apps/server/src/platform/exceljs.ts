import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded on first use: it adds megabytes to a heap and time to start-up, and only XLSX
 * imports and exports need it (the import's reading thread on PGlite, which reads CSV far more
 * often, loads it only for a workbook).
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
