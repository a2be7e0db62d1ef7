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
