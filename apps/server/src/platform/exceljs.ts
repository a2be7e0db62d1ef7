import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded on first use: it adds ~8 MB to a heap and ~200 ms to start-up, and only XLSX
 * imports and exports need it (the import's reading thread on PGlite, which reads CSV far more
 * often, loads it only for a workbook).
 */
export async function loadExcelJs(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
