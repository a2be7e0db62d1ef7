/**
 * What typing or pasting `text` into box `index` of a one-time code makes of `current` (digits
 * only, filled from the start, at most `length`), and which box gets the cursor next. Several
 * digits at once (a paste, an SMS autofill) fill the boxes from there on; a box emptied cuts the
 * code there.
 */
export function fillDigits(current: string, index: number, text: string, length: number): { value: string; cursor: number } {
  const digits = text.replace(/\D/g, '');
  const start = Math.min(index, current.length);
  if (digits === '') return { value: current.slice(0, start), cursor: start };
  let incoming = digits;
  // A digit typed into a box that already held one (the browser appends): keep the new one.
  const held = current[index];
  if (digits.length === 2 && held !== undefined && digits.includes(held))
    incoming = digits[0] === held ? digits.slice(1) : digits.slice(0, 1);
  const value = (current.slice(0, start) + incoming + current.slice(start + incoming.length)).slice(0, length);
  return { value, cursor: Math.min(start + incoming.length, length - 1) };
}
