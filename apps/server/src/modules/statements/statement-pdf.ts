import { currencyDigits } from '@sms/contracts/pricing';
import type { Statement } from '@sms/contracts/statements';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A statement as a PDF (pdf-lib, pure JavaScript): a printable document for the department it
 * is charged to. It is written in English with the standard Helvetica font, which needs no font
 * file; text that font cannot write (Arabic, Chinese names or reasons) shows as '?'; the CSV and
 * the detail page keep it whole (decision 110).
 */

const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
const ROW = 16;
const COLUMNS = [
  { title: 'Country', x: 0 },
  { title: 'Encoding', x: 80 },
  { title: 'Messages', x: 160, right: true },
  { title: 'Parts', x: 240, right: true },
  { title: 'Unit price', x: 330, right: true },
  { title: 'Amount', x: 495, right: true },
] as const;

// Helvetica writes WinAnsi only (Latin-1 and a few typographic marks such as ’ – €): anything else, and control characters, becomes '?'.
const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g, '?');

const scopeLabel = (statement: Statement) =>
  statement.scope === 'organisation'
    ? 'Whole organisation'
    : `${statement.scope === 'apiKey' ? 'API key' : 'User'}: ${statement.scopeName ?? statement.scopeId ?? ''}`;

/** Writes the statement's PDF and returns its bytes. */
export async function statementPdf(statement: Statement): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Statement ${statement.month}`);
  pdf.setProducer('SMS platform statements');
  pdf.setCreationDate(new Date(statement.createdAt));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const digits = currencyDigits(statement.currency);
  const money = (value: number) => `${value.toFixed(digits)} ${statement.currency}`;
  const price = (value: number) => value.toFixed(4);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const text = (value: string, x: number, options: { font?: PDFFont; size?: number; right?: boolean } = {}) => {
    const used = options.font ?? font;
    const size = options.size ?? 10;
    const safe = winAnsi(value);
    const left = options.right ? x - used.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: PAGE.margin + left, y, size, font: used, color: rgb(0.1, 0.1, 0.1) });
  };
  const nextRow = (height = ROW) => {
    y -= height;
    if (y < PAGE.margin) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };

  text(`Statement ${statement.month}`, 0, { font: bold, size: 18 });
  nextRow(26);
  text(scopeLabel(statement), 0);
  nextRow();
  text(`Period: ${statement.from} to ${statement.to} (${statement.timeZone})`, 0);
  nextRow();
  text(`Status: ${statement.status === 'closed' ? `closed ${statement.closedAt ?? ''}` : 'open (figures may still change)'}`, 0);
  nextRow(28);

  for (const column of COLUMNS) text(column.title, column.x, { font: bold, right: 'right' in column });
  nextRow();
  for (const line of statement.lines) {
    const cells = [
      line.country ?? 'Unknown',
      line.encoding,
      String(line.messages),
      String(line.parts),
      price(line.unitPrice),
      money(line.amount),
    ];
    COLUMNS.forEach((column, index) => text(cells[index] ?? '', column.x, { right: 'right' in column }));
    nextRow();
  }
  text('Usage', 0, { font: bold });
  text(money(statement.usageTotal), 495, { font: bold, right: true });
  nextRow(24);

  if (statement.adjustments.length > 0) {
    text('Adjustments', 0, { font: bold });
    nextRow();
    for (const adjustment of statement.adjustments) {
      const sign = adjustment.kind === 'credit' ? -1 : 1;
      text(`${adjustment.kind === 'credit' ? 'Credit' : 'Charge'}: ${adjustment.reason.slice(0, 70)}`, 0);
      text(money(sign * adjustment.amount), 495, { right: true });
      nextRow();
    }
    nextRow(8);
  }
  text('Total', 0, { font: bold, size: 12 });
  text(money(statement.total), 495, { font: bold, size: 12, right: true });
  return pdf.save();
}
