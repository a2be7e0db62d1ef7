import { createDeque } from '../src/gateways/smpp/deque.ts';

/** Receipt `stat:` words the peer can answer with (SMPP 3.4 appendix B). */
export const RECEIPT_STATS = ['DELIVRD', 'UNDELIV', 'EXPIRED', 'DELETED', 'UNKNOWN', 'REJECTD', 'ACCEPTD', 'ENROUTE'] as const;
export type ReceiptStat = (typeof RECEIPT_STATS)[number];

/** message_state TLV value of each stat word (SMPP 3.4 section 5.2.28). */
export const MESSAGE_STATE: Record<ReceiptStat, number> = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
};

/** How a receipt carries its data: the text and the TLVs (default), or only one of them. */
export type ReceiptFormat = 'text+tlv' | 'text' | 'tlv';

/** A receipt the peer owes. */
export interface PendingReceipt {
  messageId: string;
  /** The handset (the submit's destination) and our sender, as SMPP addresses. */
  handset: { ton: number; npi: number; addr: string };
  sender: { ton: number; npi: number; addr: string };
  stat: ReceiptStat;
  submittedAt: Date;
  /** Peer session that submitted it (receipts prefer it, any bound session will do). */
  sessionId: number;
}

/** 'YYMMDDhhmm' in UTC, the receipt date format. */
export function receiptDate(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(2, 12);
}

/** The receipt text of SMPP 3.4 appendix B. */
export function receiptText(receipt: Pick<PendingReceipt, 'messageId' | 'stat' | 'submittedAt'>, doneAt: Date): string {
  const delivered = receipt.stat === 'DELIVRD';
  return `id:${receipt.messageId} sub:001 dlvrd:${delivered ? '001' : '000'} submit date:${receiptDate(receipt.submittedAt)} done date:${receiptDate(doneAt)} stat:${receipt.stat} err:${delivered ? '000' : '001'} text:`;
}

/** deliver_sm fields of a receipt in the given format. */
export function receiptFields(receipt: PendingReceipt, format: ReceiptFormat, doneAt: Date): Record<string, unknown> {
  return {
    source_addr_ton: receipt.handset.ton,
    source_addr_npi: receipt.handset.npi,
    source_addr: receipt.handset.addr,
    dest_addr_ton: receipt.sender.ton,
    dest_addr_npi: receipt.sender.npi,
    destination_addr: receipt.sender.addr,
    esm_class: 0x04,
    data_coding: 0,
    short_message: format === 'tlv' ? Buffer.alloc(0) : Buffer.from(receiptText(receipt, doneAt), 'latin1'),
    ...(format === 'text' ? {} : { receipted_message_id: receipt.messageId, message_state: MESSAGE_STATE[receipt.stat] }),
  };
}

/**
 * Receipts due later, released in batches by one timer (never a timer per message), so the peer
 * keeps up with tens of thousands of submits per second.
 */
export function createReceiptScheduler(release: (receipts: PendingReceipt[]) => void) {
  const queue = createDeque<{ due: number; receipt: PendingReceipt }>();
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let nextDue = Infinity;

  const run = () => {
    timer = undefined;
    immediate = undefined;
    nextDue = Infinity;
    const now = Date.now();
    const due: PendingReceipt[] = [];
    while (queue.length > 0) {
      const head = queue.shift() as { due: number; receipt: PendingReceipt };
      if (head.due > now) {
        queue.unshift(head);
        arm(head.due);
        break;
      }
      due.push(head.receipt);
    }
    if (due.length > 0) release(due);
  };

  const arm = (due: number) => {
    if (due >= nextDue) return;
    clearTimeout(timer);
    nextDue = due;
    const wait = due - Date.now();
    if (wait <= 0) {
      timer = undefined;
      immediate ??= setImmediate(run);
    } else timer = setTimeout(run, wait);
  };

  return {
    /** Owes a receipt `delayMs` from now (delays are expected to be roughly constant: FIFO). */
    add(receipt: PendingReceipt, delayMs: number): void {
      const due = Date.now() + delayMs;
      queue.push({ due, receipt });
      arm(due);
    },
    /** Everything still owed, emptied. */
    drain(): PendingReceipt[] {
      const all: PendingReceipt[] = [];
      for (let item = queue.shift(); item; item = queue.shift()) all.push(item.receipt);
      return all;
    },
    stop(): void {
      clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
    },
  };
}
