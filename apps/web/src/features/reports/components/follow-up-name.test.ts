import { describe, expect, it } from 'vitest';
import { defaultFollowUpName, FOLLOW_UP_NAME_MAX } from './follow-up-name';

describe('follow-up name', () => {
  it('keeps short names', () => {
    expect(defaultFollowUpName('Follow-up: North check-in')).toBe('Follow-up: North check-in');
  });
  it('cuts long names to the limit', () => {
    expect(defaultFollowUpName(`Follow-up: ${'x'.repeat(200)}`)).toHaveLength(FOLLOW_UP_NAME_MAX);
  });
  it('never splits an emoji', () => {
    const name = defaultFollowUpName(`${'a'.repeat(FOLLOW_UP_NAME_MAX - 1)}🙂`);
    expect(name).toBe('a'.repeat(FOLLOW_UP_NAME_MAX - 1));
    expect(name.length).toBeLessThanOrEqual(FOLLOW_UP_NAME_MAX);
  });
});
