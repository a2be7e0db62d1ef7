/**
 * How many contacts match, as the list shows it: "1,234", or "10,000+" when the server stopped
 * counting at its cap (`totalCapped`).
 */
export const formatMatchCount = (format: Intl.NumberFormat, total: number, capped: boolean): string =>
  `${format.format(total)}${capped ? '+' : ''}`;
