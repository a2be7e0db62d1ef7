import { STATEMENT_CSV_COLUMNS, type Statement } from '@sms/contracts/statements';
import type { ExportCell } from '../../platform/csv.ts';
import { exportFile, type ExportDone, type ExportFile } from '../../platform/export-file.ts';

/** The statement's rows as export cells: its lines, then its adjustments (credits negative), then the total. */
export function statementRows(statement: Statement): ExportCell[][] {
  const { currency } = statement;
  return [
    ...statement.lines.map((line) => [
      'usage',
      line.country ?? '',
      line.encoding,
      line.messages,
      line.parts,
      line.unitPrice,
      line.amount,
      '',
      currency,
    ]),
    ...statement.adjustments.map((adjustment) => [
      adjustment.kind,
      '',
      '',
      null,
      null,
      null,
      adjustment.kind === 'credit' ? -adjustment.amount : adjustment.amount,
      adjustment.reason,
      currency,
    ]),
    ['total', '', '', statement.messages, statement.parts, null, statement.total, '', currency],
  ];
}

/**
 * A statement as CSV (platform/export-file.ts: streamed, UTF-8 with BOM, text cells guarded
 * against formulas: a reason starting with = comes out as '=...). The file name says the month.
 */
export function statementCsv(statement: Statement, done: ExportDone): ExportFile {
  async function* batches() {
    yield statementRows(statement);
  }
  return exportFile({ name: `statement-${statement.month}`, sheetName: 'Statement', headers: STATEMENT_CSV_COLUMNS, batches }, 'csv', done);
}
