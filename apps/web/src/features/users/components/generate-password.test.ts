import { newPasswordSchema } from '@sms/contracts/passwords';
import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, generatePassword } from './generate-password';

describe('generatePassword', () => {
  it('makes passwords the shared rules accept, with every character class', () => {
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[2-9]/);
      expect(password).toMatch(/[^a-zA-Z0-9]/);
      expect(password).not.toMatch(/[0O1lI]/);
    }
  });

  it('differs each time', () => {
    expect(new Set(Array.from({ length: 50 }, () => generatePassword())).size).toBe(50);
  });

  it('honours the length, never below one character per class', () => {
    expect(generatePassword(24)).toHaveLength(24);
    expect(generatePassword(2)).toHaveLength(4);
  });

  it('rejects biased random values instead of folding them', () => {
    const values = [0xffff_ffff, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    let call = 0;
    const random = (buffer: Uint32Array) => {
      buffer[0] = values[call++ % values.length] ?? 0;
      return buffer;
    };
    expect(generatePassword(4, random)).toHaveLength(4);
  });
});
