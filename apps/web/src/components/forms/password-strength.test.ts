import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('is empty for an empty password', () => {
    expect(passwordStrength('')).toMatchObject({ score: 0, level: 'empty', acceptable: false });
    expect(passwordStrength('').checks.notCommon).toBe(false);
  });

  it('calls anything the shared rules refuse weak', () => {
    expect(passwordStrength('Ab1!')).toMatchObject({ level: 'weak', acceptable: false });
    expect(passwordStrength('Ab1!').checks.length).toBe(false);
    // In the common list (compared lowercased), however varied it looks.
    expect(passwordStrength('P@ssw0rd')).toMatchObject({ level: 'weak', acceptable: false });
    expect(passwordStrength('P@ssw0rd').checks.notCommon).toBe(false);
  });

  it('grades accepted passwords by variety and length', () => {
    expect(passwordStrength('tangerine').level).toBe('fair');
    expect(passwordStrength('Tangerine7').level).toBe('good');
    expect(passwordStrength('Tangerine7!x').level).toBe('strong');
    expect(passwordStrength('correct horse battery staple').level).toBe('good');
  });

  it('reports each hint', () => {
    expect(passwordStrength('Été2026-soleil').checks).toEqual({
      length: true,
      notCommon: true,
      mixedCase: true,
      number: true,
      symbol: true,
      long: true,
    });
    expect(passwordStrength('abcdefghij').checks).toMatchObject({ mixedCase: false, number: false, symbol: false, long: false });
  });
});

describe('passwordStrength with a raised minimum length', () => {
  it('checks the length against the configured minimum', () => {
    expect(passwordStrength('Tangerine7!x', 14)).toMatchObject({ level: 'weak', acceptable: false });
    expect(passwordStrength('Tangerine7!x', 14).checks.length).toBe(false);
    expect(passwordStrength('Tangerine7!xyz', 14)).toMatchObject({ acceptable: true });
  });
});
