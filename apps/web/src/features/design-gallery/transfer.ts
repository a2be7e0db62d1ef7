/** The two sides of a transfer list. */
export interface TransferSides {
  left: string[];
  right: string[];
}

/** Moves the ticked items of the other side to `to` (at its end, in their order); they stay unticked. */
export function moveChecked(
  sides: TransferSides,
  checked: readonly string[],
  to: 'left' | 'right',
): { sides: TransferSides; checked: string[] } {
  const from = to === 'left' ? 'right' : 'left';
  const moving = sides[from].filter((item) => checked.includes(item));
  const next = {
    [from]: sides[from].filter((item) => !moving.includes(item)),
    [to]: [...sides[to], ...moving],
  } as unknown as TransferSides;
  return { sides: next, checked: checked.filter((item) => !moving.includes(item)) };
}
