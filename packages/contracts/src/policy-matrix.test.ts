import { describe, expect, it } from 'vitest';
import { roleCan } from './policy.ts';
import { explicitGrants, MATRIX_SUBJECTS, policyMatrix, SUBJECT_ACTIONS } from './policy-matrix.ts';
import { ROLES } from './roles.ts';

describe('roles and permissions matrix', () => {
  it('has one row per meaningful (subject, action), every subject included', () => {
    const rows = policyMatrix();
    expect(new Set(rows.map((row) => row.subject))).toEqual(new Set(MATRIX_SUBJECTS));
    expect(rows).toHaveLength(Object.values(SUBJECT_ACTIONS).reduce((sum, actions) => sum + actions.length, 0));
    expect(MATRIX_SUBJECTS).not.toContain('all');
  });

  it('says exactly what roleCan says, cell by cell', () => {
    for (const row of policyMatrix()) {
      for (const role of ROLES)
        expect(row.allowed[role], `${role} ${row.action} ${row.subject}`).toBe(roleCan(role, row.action, row.subject));
    }
  });

  it('shows every permission POLICY grants explicitly (nothing granted is hidden from the page)', () => {
    for (const { role, action, subject } of explicitGrants()) {
      expect(SUBJECT_ACTIONS[subject], `${role} may ${action} ${subject}, but the matrix has no such cell`).toContain(action);
    }
  });

  it('matches the roles described in the user guide (docs/guide/accounts-and-security.md)', () => {
    const allowed = (role: (typeof ROLES)[number]) =>
      policyMatrix()
        .filter((row) => row.allowed[role])
        .map((row) => `${row.action} ${row.subject}`);
    expect(allowed('admin')).toHaveLength(policyMatrix().length);
    // Everyone on the staff reads the numbers and sender IDs (decision 108); administrators manage them.
    expect(allowed('viewer')).toEqual(['read Report', 'export Report', 'read Dashboard', 'read Brand', 'read Sender']);
    expect(allowed('agent')).toEqual([
      'read Contact',
      'update Contact',
      'optOut Contact',
      'bulkTag Contact',
      'read Campaign',
      'read Report',
      'readPhone Report',
      'read Dashboard',
      'read Inbox',
      'create Inbox',
      'update Inbox',
      'read Brand',
      // Agents use templates (quick replies) and saved segments (list views); managers manage them.
      'read Template',
      'read Segment',
      // Everyone but viewers reads and writes notes; deleting another's note is for administrators.
      'read Note',
      'create Note',
      'read Sender',
    ]);
    expect(allowed('manager')).toEqual(expect.arrayContaining(['create Template', 'delete Template', 'create Segment', 'delete Segment']));
    // PRODUCT.md section 4: managers read the team without its sign-in details, and the settings.
    expect(allowed('manager')).toEqual(
      expect.arrayContaining(['read User', 'read Settings', 'optIn Contact', 'changePhone Contact', 'bulkEdit Contact']),
    );
    expect(allowed('manager')).not.toContain('readSecurity User');
    expect(allowed('manager')).not.toContain('delete Note');
  });
});
