import { describe, expect, it } from 'vitest';
import { fillDigits } from './otp-digits';

describe('fillDigits', () => {
  it('types digit by digit, moving on', () => {
    expect(fillDigits('', 0, '4', 6)).toEqual({ value: '4', cursor: 1 });
    expect(fillDigits('4', 1, '2', 6)).toEqual({ value: '42', cursor: 2 });
    expect(fillDigits('42345', 5, '6', 6)).toEqual({ value: '423456', cursor: 5 });
  });

  it('fills every box from a pasted or autofilled code, ignoring spaces and dashes', () => {
    expect(fillDigits('', 0, '123 456', 6)).toEqual({ value: '123456', cursor: 5 });
    expect(fillDigits('9', 1, '12-34-56-78', 6)).toEqual({ value: '912345', cursor: 5 });
  });

  it('never leaves a gap: typing past the end lands in the first empty box', () => {
    expect(fillDigits('12', 5, '7', 6)).toEqual({ value: '127', cursor: 3 });
  });

  it('replaces a digit typed over another, and cuts the code where a box is emptied', () => {
    expect(fillDigits('123456', 2, '39', 6)).toEqual({ value: '129456', cursor: 3 });
    expect(fillDigits('123456', 2, '', 6)).toEqual({ value: '12', cursor: 2 });
    expect(fillDigits('12', 1, 'x', 6)).toEqual({ value: '1', cursor: 1 });
  });
});
