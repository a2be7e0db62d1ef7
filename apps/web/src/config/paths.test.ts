import { describe, expect, it } from 'vitest';
import { loginWithRedirect, paths, safeRedirect } from './paths';

describe('paths', () => {
  it('builds user paths', () => {
    expect(paths.users.detail('42')).toBe('/users/42');
    expect(paths.users.edit('a b')).toBe('/users/a%20b/edit');
  });

  it('builds contact paths', () => {
    expect(paths.contacts.detail('42')).toBe('/contacts/42');
    expect(paths.contacts.edit('a/b')).toBe('/contacts/a%2Fb/edit');
  });

  it('builds campaign and report paths', () => {
    expect(paths.campaigns.detail('42')).toBe('/campaigns/42');
    expect(paths.campaigns.edit('a/b')).toBe('/campaigns/a%2Fb/edit');
    expect(paths.reports.delivery('42')).toBe('/reports/delivery/42');
    expect(paths.reports.nonResponders('42')).toBe('/reports/non-responders/42');
    expect(paths.reports.tag1Grouped('42')).toBe('/reports/tag1-grouped/42');
  });

  it('passes the wanted page (path and search) to the login page', () => {
    expect(loginWithRedirect('/users?role=admin')).toBe('/auth/login?redirect=%2Fusers%3Frole%3Dadmin');
    expect(loginWithRedirect('/')).toBe('/auth/login');
  });

  it('only redirects to same-origin paths after login', () => {
    expect(safeRedirect('/users/1')).toBe('/users/1');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect('/auth/login?redirect=/x')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
  });
});
