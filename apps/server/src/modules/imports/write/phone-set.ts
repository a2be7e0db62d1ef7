/**
 * The set of E.164 numbers an import has already seen, for in-file duplicate detection. An E.164
 * number has at most 15 digits, so it fits a double exactly; an open-addressing table of doubles
 * holds 2 million numbers in 32 MB, where a Set of strings would take several times that.
 */
export class PhoneSet {
  private table = new Float64Array(1 << 16);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Empties the set, keeping its table (a set reused for every batch allocates nothing). */
  clear(): void {
    this.table.fill(0);
    this.count = 0;
  }

  /** Adds the number; false when it was already there. */
  add(e164: string): boolean {
    return this.addValue(Number(e164.charCodeAt(0) === 43 ? e164.slice(1) : e164));
  }

  /** Adds a number given as its digits' value (E.164 without the +); false when it was already there. */
  addValue(value: number): boolean {
    if (!Number.isSafeInteger(value) || value <= 0) return true;
    if ((this.count + 1) * 2 > this.table.length) this.grow();
    const inserted = PhoneSet.insert(this.table, value);
    if (inserted) this.count++;
    return inserted;
  }

  /** Whether a number given as its digits' value is in the set. */
  hasValue(value: number): boolean {
    const table = this.table;
    const mask = table.length - 1;
    let slot = PhoneSet.slotOf(value, mask);
    for (;;) {
      const current = table[slot];
      if (current === 0) return false;
      if (current === value) return true;
      slot = (slot + 1) & mask;
    }
  }

  // Mix the high and low parts; numbers of one country share their leading digits.
  private static slotOf(value: number, mask: number): number {
    return (Math.imul((value % 4_294_967_296) | 0, 0x9e3779b1) ^ Math.imul(Math.floor(value / 4_294_967_296) | 0, 0x85ebca6b)) & mask;
  }

  private static insert(table: Float64Array, value: number): boolean {
    const mask = table.length - 1;
    let slot = PhoneSet.slotOf(value, mask);
    for (;;) {
      const current = table[slot];
      if (current === 0) {
        table[slot] = value;
        return true;
      }
      if (current === value) return false;
      slot = (slot + 1) & mask;
    }
  }

  private grow(): void {
    const old = this.table;
    this.table = new Float64Array(old.length * 2);
    for (const value of old) if (value !== 0) PhoneSet.insert(this.table, value);
  }
}
