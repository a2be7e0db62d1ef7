import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

const t = ((key: string, values: Record<string, number>) => `${key}:${JSON.stringify(values)}`) as unknown as TFunction<'tickets'>;

describe('formatDuration', () => {
  it('picks the unit by size', () => {
    expect(formatDuration(45, t)).toBe('duration.seconds:{"n":45}');
    expect(formatDuration(690, t)).toBe('duration.minutes:{"n":12}');
    expect(formatDuration(3 * 3600 + 300, t)).toBe('duration.hours:{"n":3,"minutes":5}');
    expect(formatDuration(2 * 86_400 + 4 * 3600, t)).toBe('duration.days:{"n":2,"hours":4}');
  });
});
