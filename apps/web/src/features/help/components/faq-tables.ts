import { SMPP_ERROR_REFERENCE, TWILIO_ERROR_REFERENCE } from '@sms/contracts/delivery-errors';
import { MESSAGE_ERROR_CODES, MESSAGE_STATUSES } from '@sms/contracts/message-statuses';
import { DEFAULT_SMS_KEYWORDS } from '@sms/contracts/sms-keywords';
import type { TFunction } from 'i18next';
import type { FaqTable } from './faq-content';

/** A reference table as text: header cells, then rows of cells (the first cell is a code). */
export interface FaqTableText {
  columns: string[];
  rows: string[][];
  /** The column of codes or keywords: shown left-to-right in a fixed-width font. */
  codeColumn: number;
}

const hex = (value: number) => `0x${value.toString(16).toUpperCase().padStart(2, '0')}`;

/** The translated cells of a reference table (shown under its entry and searched with it). */
export function faqTableText(table: FaqTable, t: TFunction): FaqTableText {
  const h = (key: string) => t(`tables.${key}`, { ns: 'help' });
  switch (table) {
    case 'keywords':
      return {
        columns: [h('keywordKind'), h('keywords')],
        rows: (Object.keys(DEFAULT_SMS_KEYWORDS) as Array<keyof typeof DEFAULT_SMS_KEYWORDS>).map((kind) => [
          t(`keywordKinds.${kind}`, { ns: 'help' }),
          DEFAULT_SMS_KEYWORDS[kind].join(', '),
        ]),
        codeColumn: 1,
      };
    case 'statuses':
      return {
        columns: [h('status'), h('meaning')],
        rows: MESSAGE_STATUSES.map((status) => [status, t(`statuses.${status}`, { ns: 'help' })]),
        codeColumn: 0,
      };
    case 'platformErrors':
      return {
        columns: [h('code'), h('meaning')],
        rows: Object.values(MESSAGE_ERROR_CODES).map((code) => [code, t(`platformErrors.${code}`, { ns: 'help' })]),
        codeColumn: 0,
      };
    case 'smpp':
      return {
        columns: [h('code'), h('meaning'), h('handling')],
        rows: SMPP_ERROR_REFERENCE.map((entry) => [
          `${entry.name} (${hex(entry.status)})`,
          t(`smpp.${entry.name}`, { ns: 'help' }),
          t(`handling.${entry.handling}`, { ns: 'help' }),
        ]),
        codeColumn: 0,
      };
    case 'twilio':
      return {
        columns: [h('code'), h('meaning'), h('handling')],
        rows: TWILIO_ERROR_REFERENCE.map((entry) => [
          `TWILIO_${entry.code}`,
          t(`twilio.${entry.code}`, { ns: 'help' }),
          t(`handling.${entry.handling}`, { ns: 'help' }),
        ]),
        codeColumn: 0,
      };
  }
}
