// Without zod: phone.ts (on the first pages) reads it.

/**
 * Test numbers (issue 38): +44 7700 900000 to +44 7700 900999, the range Ofcom keeps for drama, so
 * it never belongs to anyone. Messages to them are never handed to a real gateway: every gateway
 * answers them itself with a fixed outcome chosen by the last three digits, so software can try
 * delivered, failed and answered messages against a live installation without texting a person.
 * Their replies are never an opt-out keyword.
 */
export const TEST_NUMBER_PREFIX = '+447700900';

export type TestNumberOutcome = 'delivered' | 'undelivered' | 'failed' | 'replies';

/** The outcomes by the last three digits, as the documentation lists them. */
export const TEST_NUMBER_OUTCOMES: ReadonlyArray<{ from: number; to: number; outcome: TestNumberOutcome }> = [
  { from: 0, to: 199, outcome: 'delivered' },
  { from: 200, to: 299, outcome: 'undelivered' },
  { from: 300, to: 399, outcome: 'failed' },
  { from: 400, to: 499, outcome: 'replies' },
  { from: 500, to: 999, outcome: 'delivered' },
];

/** What a test number's reply says (never a keyword). */
export const TEST_NUMBER_REPLY = 'Test reply';

/** True for +447700900000 to +447700900999 (E.164). */
export function isTestNumber(e164: string): boolean {
  return e164.length === TEST_NUMBER_PREFIX.length + 3 && e164.startsWith(TEST_NUMBER_PREFIX) && /^\d{3}$/.test(e164.slice(-3));
}

/** A test number's fixed outcome (undefined for any other number). */
export function testNumberOutcome(e164: string): TestNumberOutcome | undefined {
  if (!isTestNumber(e164)) return undefined;
  const last = Number(e164.slice(-3));
  return TEST_NUMBER_OUTCOMES.find((range) => last >= range.from && last <= range.to)?.outcome;
}
