import type { Locator } from 'playwright-core';

/**
 * What of a data grid does not fit its box: columns whose header reaches past the visible area
 * (sideways scrolling needed) and cells whose text is cut ("Nov 26, 2026, 9:5"), by field. On a
 * laptop screen (1366 px) both must be empty for every grid; a cell may end in an ellipsis only
 * where its title or tooltip shows the whole text.
 */
export async function gridOverflow(grid: Locator): Promise<{ pastEdge: string[]; cutCells: string[] }> {
  return grid.evaluate((element) => {
    // The grid's test id sits on its root, its grid role on an element inside: either will do.
    const node = element.closest('.MuiDataGrid-root') ?? element.querySelector('.MuiDataGrid-root') ?? element;
    const visible = node.querySelector('.MuiDataGrid-virtualScroller')!.getBoundingClientRect();
    const pastEdge = [...node.querySelectorAll('[role=columnheader]')]
      .filter((header) => {
        const box = header.getBoundingClientRect();
        return box.right > visible.right + 1 || box.left < visible.left - 1;
      })
      .map((header) => header.getAttribute('data-field') ?? '?');
    const cutCells = [...node.querySelectorAll('.MuiDataGrid-row [role=gridcell]')]
      .filter((cell) => !cell.querySelector('[title], [aria-describedby], [data-mui-internal-clone-element]'))
      .filter((cell) => [cell, ...cell.querySelectorAll('*')].some((part) => part.scrollWidth > part.clientWidth + 1))
      .map((cell) => cell.getAttribute('data-field') ?? '?');
    return { pastEdge: [...new Set(pastEdge)], cutCells: [...new Set(cutCells)] };
  });
}
