import { expect, test } from 'vitest';
import { moveChecked } from './transfer';

test('the ticked items of the other side move to the end of the chosen side and are unticked', () => {
  const sides = { left: ['a', 'b', 'c'], right: ['d'] };
  expect(moveChecked(sides, ['c', 'a', 'd'], 'right')).toEqual({ sides: { left: ['b'], right: ['d', 'a', 'c'] }, checked: ['d'] });
  expect(moveChecked(sides, ['d'], 'left')).toEqual({ sides: { left: ['a', 'b', 'c', 'd'], right: [] }, checked: [] });
  expect(moveChecked(sides, [], 'left')).toEqual({ sides, checked: [] });
});
