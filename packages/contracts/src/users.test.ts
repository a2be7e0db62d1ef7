import { describe, expect, it } from 'vitest';
import { listUsersQuerySchema, registerBodySchema, updateUserBodySchema } from './users.ts';

describe('user schemas', () => {
  it('normalises email and trims the name on registration', () => {
    const parsed = registerBodySchema.parse({ name: '  Ada ', email: ' Ada@Example.ORG ', password: 'Correct-Horse-42' });
    expect(parsed).toMatchObject({ name: 'Ada', email: 'ada@example.org' });
  });

  it('names the failing field', () => {
    const result = registerBodySchema.safeParse({ name: 'Ada', email: 'not-an-email', password: 'Correct-Horse-42' });
    expect(result.error?.issues[0]?.path).toEqual(['email']);
    expect(result.error?.issues[0]?.message).toBe('email must be a valid email address');
  });

  it('refuses an unknown role', () => {
    const result = updateUserBodySchema.safeParse({ role: 'superuser' });
    expect(result.error?.issues[0]?.message).toBe('role must be one of admin, manager, agent, viewer');
  });

  it('coerces list paging from the query string with defaults and bounds', () => {
    expect(listUsersQuerySchema.parse({})).toMatchObject({ limit: 10, skip: 0, sort: 'createdAt', order: 'desc' });
    expect(listUsersQuerySchema.parse({ limit: '25', skip: '50' })).toMatchObject({ limit: 25, skip: 50 });
    expect(listUsersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(listUsersQuerySchema.safeParse({ skip: '-1' }).success).toBe(false);
  });
});
