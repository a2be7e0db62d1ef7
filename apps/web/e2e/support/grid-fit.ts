import type { Locator } from 'playwright-core';

/**
 * What of a list's table does not fit its box: columns whose header reaches past the visible area
 * (sideways scrolling needed) and cells whose text is cut ("Nov 26, 2026, 9:5"), by field. On a
 * laptop screen (1366 px) both must be empty for every list; a cell may end in an ellipsis only
 * where its title or tooltip shows the whole text.
 */
export async function gridOverflow(list: Locator): Promise<{ pastEdge: string[]; cutCells: string[] }> {
  return list.evaluate((element) => {
    // The list's test id sits on its wrapper, its table role on the table inside: either will do.
    const viewport = element.closest('[data-table-viewport]') ?? element.querySelector('[data-table-viewport]');
    if (!viewport) throw new Error('no table viewport in this list');
    const visible = viewport.getBoundingClientRect();
    const pastEdge = [...viewport.querySelectorAll('th')]
      .filter((header) => {
        const box = header.getBoundingClientRect();
        return box.right > visible.right + 1 || box.left < visible.left - 1;
      })
      .map((header) => header.getAttribute('data-field') ?? '?');
    const cutCells = [...viewport.querySelectorAll('tr[data-row] td')]
      .filter((cell) => !cell.querySelector('[title], [aria-describedby], [data-mui-internal-clone-element]'))
      .filter((cell) => [cell, ...cell.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1))
      .map((cell) => cell.getAttribute('data-field') ?? '?');
    return { pastEdge: [...new Set(pastEdge)], cutCells: [...new Set(cutCells)] };
  });
}
