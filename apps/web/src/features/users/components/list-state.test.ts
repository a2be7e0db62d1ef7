import { listUsersQuerySchema } from '@sms/contracts/users';
import { describe, expect, it } from 'vitest';
import { usersApiQuery, usersList } from './list-state';

// The list mechanics are tested in lib/list-state; here, what is the users list's own.
describe('users list', () => {
  it('reads its filters and keeps only real roles, statuses and sort fields', () => {
    expect(usersList.parse(new URLSearchParams('role=manager&status=disabled&sort=email&order=asc'))).toEqual({
      ...usersList.defaults,
      role: 'manager',
      status: 'disabled',
      sort: 'email',
      order: 'asc',
    });
    expect(usersList.parse(new URLSearchParams('role=owner&status=gone&sort=password'))).toEqual(usersList.defaults);
    expect(usersList.defaults).toMatchObject({ pageSize: 10, sort: 'createdAt', order: 'desc' });
  });

  it('turns the page model into limit/skip that the API schema accepts, empty filters left out', () => {
    const query = usersApiQuery({ ...usersList.defaults, page: 2, pageSize: 25, search: 'ada', role: 'viewer' });
    expect(query).toEqual({ limit: 25, skip: 50, sort: 'createdAt', order: 'desc', search: 'ada', role: 'viewer' });
    expect(listUsersQuerySchema.parse(query)).toEqual(query);
    expect(usersApiQuery(usersList.defaults)).toEqual({ limit: 10, skip: 0, sort: 'createdAt', order: 'desc' });
  });
});
