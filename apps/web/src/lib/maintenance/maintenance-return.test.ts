import { describe, expect, it } from 'vitest';
import { maintenanceWithReturn, returnFromMaintenance } from './maintenance-return';

describe('maintenance page round trip', () => {
  it('remembers the page (path and search) to come back to', () => {
    expect(maintenanceWithReturn('/contacts?tag1=North')).toBe('/auth/maintenance?from=%2Fcontacts%3Ftag1%3DNorth');
    expect(maintenanceWithReturn('/')).toBe('/auth/maintenance');
    expect(maintenanceWithReturn('/auth/login?redirect=%2Fusers')).toBe('/auth/maintenance');
  });

  it('returns only to same-site application pages', () => {
    expect(returnFromMaintenance('/contacts?tag1=North')).toBe('/contacts?tag1=North');
    expect(returnFromMaintenance(null)).toBe('/dashboard');
    expect(returnFromMaintenance('//evil.example')).toBe('/dashboard');
    expect(returnFromMaintenance('https://evil.example')).toBe('/dashboard');
    expect(returnFromMaintenance('/auth/maintenance')).toBe('/dashboard');
  });
});
