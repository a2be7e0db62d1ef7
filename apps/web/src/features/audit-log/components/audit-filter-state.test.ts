import { describe, expect, it } from 'vitest';
import { actionLabelKey, auditFilter, auditQuery, EMPTY_AUDIT_FILTER, isFiltered, localDayBound } from './audit-filter-state';

describe('audit log filters', () => {
  it('leaves out empty fields', () => {
    expect(auditFilter(EMPTY_AUDIT_FILTER)).toEqual({});
    expect(isFiltered(EMPTY_AUDIT_FILTER)).toBe(false);
    expect(isFiltered({ ...EMPTY_AUDIT_FILTER, search: '  ' })).toBe(false);
  });

  it('turns local calendar days into instants covering the whole days', () => {
    const filter = auditFilter({ ...EMPTY_AUDIT_FILTER, from: '2026-03-01', to: '2026-03-02' });
    expect(filter.from).toBe(new Date(2026, 2, 1).toISOString());
    expect(filter.to).toBe(new Date(new Date(2026, 2, 3).getTime() - 1).toISOString());
    expect(localDayBound('2026-12-31', true)).toBe(new Date(2027, 0, 1).toISOString());
    expect(localDayBound('yesterday')).toBeUndefined();
  });

  it('passes actor, action, subject and search, trimmed, and pages by limit and skip', () => {
    const state = {
      ...EMPTY_AUDIT_FILTER,
      actor: { id: 'u1', label: 'Ada' },
      action: ' campaign. ',
      subject: 'Campaign',
      search: ' 10.0.0.1 ',
    };
    expect(auditQuery(state, { page: 2, pageSize: 50 })).toEqual({
      actor: 'u1',
      action: 'campaign.',
      subject: 'Campaign',
      search: '10.0.0.1',
      limit: 50,
      skip: 100,
    });
    expect(isFiltered(state)).toBe(true);
  });

  it('names translation keys after the action', () => {
    expect(actionLabelKey('brand.logo.upload')).toBe('actions.brand_logo_upload');
    expect(actionLabelKey('user.login_failed')).toBe('actions.user_login_failed');
  });
});
