import { describe, expect, it } from 'vitest';
import { GSM7_BASIC_CHARACTERS, GSM7_BASIC_TABLE, GSM7_ESCAPE, GSM7_EXTENSION_CHARACTERS, GSM7_EXTENSION_TABLE } from './gsm-7-tables.ts';
import {
  analyseSms,
  decodeGsm7Septets,
  gsm7Septets,
  replaceLookalikes,
  replaceLookalikesCounted,
  smsEncoding,
  splitSms,
} from './sms-encoding.ts';

const a = (count: number) => 'a'.repeat(count);
const e = (count: number) => 'ê'.repeat(count); // not GSM: forces UCS-2, one unit each
const EMOJI = '😀'; // U+1F600: a surrogate pair

/** Septets (GSM-7) or UTF-16 units (UCS-2) of each part of a text. */
const partUnits = (text: string) => splitSms(text).parts.map((part) => analyseSms(part).units);

describe('GSM 03.38 tables', () => {
  it('hold the 128 positions of the default alphabet and the 10 extension characters', () => {
    expect(GSM7_BASIC_TABLE).toHaveLength(128);
    expect(GSM7_BASIC_CHARACTERS).toHaveLength(127);
    expect(new Set(GSM7_BASIC_CHARACTERS).size).toBe(127);
    expect(GSM7_EXTENSION_CHARACTERS).toBe('\f^{}\\[~]|€');
    for (const char of GSM7_EXTENSION_CHARACTERS) expect(GSM7_BASIC_CHARACTERS).not.toContain(char);
  });

  it('put characters at the positions the standard prints', () => {
    const code = (char: string) => [...gsm7Septets(char)];
    expect(code('@')).toEqual([0x00]);
    expect(code('£')).toEqual([0x01]);
    expect(code('Ç')).toEqual([0x09]);
    expect(code('\n')).toEqual([0x0a]);
    expect(code('\r')).toEqual([0x0d]);
    expect(code('Δ')).toEqual([0x10]);
    expect(code('_')).toEqual([0x11]);
    expect(code('Ξ')).toEqual([0x1a]);
    expect(code('É')).toEqual([0x1f]);
    expect(code('¤')).toEqual([0x24]);
    expect(code('¡')).toEqual([0x40]);
    expect(code('§')).toEqual([0x5f]);
    expect(code('¿')).toEqual([0x60]);
    expect(code('à')).toEqual([0x7f]);
    expect(code('€')).toEqual([GSM7_ESCAPE, 0x65]);
    expect(code('\f')).toEqual([GSM7_ESCAPE, 0x0a]);
    expect(code('|')).toEqual([GSM7_ESCAPE, 0x40]);
  });

  it('round-trip every default-alphabet character at one septet', () => {
    for (let code = 0; code < 128; code++) {
      if (code === GSM7_ESCAPE) continue;
      const char = GSM7_BASIC_TABLE[code] ?? '';
      expect([...gsm7Septets(char)], JSON.stringify(char)).toEqual([code]);
      expect(decodeGsm7Septets([code])).toBe(char);
      expect(analyseSms(char)).toMatchObject({ encoding: 'GSM-7', units: 1, characters: 1, segments: 1 });
    }
  });

  it('round-trip every extension character at two septets (escape + code)', () => {
    for (const [code, char] of GSM7_EXTENSION_TABLE) {
      expect([...gsm7Septets(char)], JSON.stringify(char)).toEqual([GSM7_ESCAPE, code]);
      expect(decodeGsm7Septets([GSM7_ESCAPE, code])).toBe(char);
      expect(analyseSms(char)).toMatchObject({ encoding: 'GSM-7', units: 2, characters: 1, segments: 1 });
    }
    const all = GSM7_BASIC_CHARACTERS + GSM7_EXTENSION_CHARACTERS;
    expect(decodeGsm7Septets(gsm7Septets(all))).toBe(all);
  });
});

describe('gsm7Septets and decodeGsm7Septets', () => {
  it('refuse a character GSM-7 cannot carry, naming it and where it is', () => {
    expect(() => gsm7Septets('Bonne fête')).toThrow(new RangeError('Character "ê" at index 7 is not in the GSM 03.38 alphabet'));
    expect(() => gsm7Septets(`Hi ${EMOJI}`)).toThrow(/"😀" at index 3/);
  });

  it('read what senders put in inbound messages the way TS 23.038 says', () => {
    expect(decodeGsm7Septets(new Uint8Array([0x48, 0x69, 0x20, 0x1b, 0x65, 0x35]))).toBe('Hi €5');
    expect(decodeGsm7Septets([0x1b, 0x41])).toBe('A'); // unknown escape: the default-alphabet character
    expect(decodeGsm7Septets([0x41, 0x1b])).toBe('A '); // trailing escape: a space
    expect(decodeGsm7Septets([0xc1])).toBe('A'); // high bit ignored
    expect(decodeGsm7Septets([])).toBe('');
  });
});

describe('analyseSms', () => {
  it('counts an empty text as no segment with a whole SMS free', () => {
    expect(analyseSms('')).toEqual({
      encoding: 'GSM-7',
      characters: 0,
      units: 0,
      segments: 0,
      perSegment: 160,
      remainingInSegment: 160,
      nonGsmCharacters: [],
    });
  });

  it('keeps é in GSM-7 but not ê, ç or the backtick', () => {
    expect(smsEncoding('Café à Genève, Ørsted, Señor, Straße, Ça va')).toBe('GSM-7');
    expect(smsEncoding('Bonne fête')).toBe('UCS-2');
    expect(analyseSms('fête').nonGsmCharacters).toEqual([{ char: 'ê', index: 1 }]);
    expect(smsEncoding('garçon')).toBe('UCS-2');
    expect(smsEncoding('`')).toBe('UCS-2');
    expect(smsEncoding('\u001b')).toBe('UCS-2'); // the escape code is not a character of text
  });

  it('cuts GSM-7 at 160 for one SMS, then 153 per part', () => {
    expect(analyseSms(a(160))).toMatchObject({ units: 160, segments: 1, perSegment: 160, remainingInSegment: 0 });
    expect(analyseSms(a(161))).toMatchObject({ units: 161, segments: 2, perSegment: 153, remainingInSegment: 145 });
    expect(analyseSms(a(306))).toMatchObject({ segments: 2, remainingInSegment: 0 });
    expect(analyseSms(a(307))).toMatchObject({ segments: 3, remainingInSegment: 152 });
    expect(partUnits(a(307))).toEqual([153, 153, 1]);
  });

  it('counts extension characters twice against the limits', () => {
    expect(analyseSms(a(158) + '€')).toMatchObject({ characters: 159, units: 160, segments: 1 });
    expect(analyseSms(a(159) + '€')).toMatchObject({ characters: 160, units: 161, segments: 2 });
  });

  it('never splits an escape pair: an extension character that does not fit starts the next part', () => {
    const text = a(152) + '€' + a(152); // 306 septets, but € cannot take the last septet of part 1
    expect(splitSms(text).parts).toEqual([a(152), '€' + a(151), 'a']);
    expect(analyseSms(text)).toMatchObject({ units: 306, segments: 3, perSegment: 153, remainingInSegment: 152 });
    expect(analyseSms(a(151) + '€' + a(153))).toMatchObject({ units: 306, segments: 2, remainingInSegment: 0 });
  });

  it('cuts UCS-2 at 70 for one SMS, then 67 per part', () => {
    expect(analyseSms(e(70))).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1, perSegment: 70, remainingInSegment: 0 });
    expect(analyseSms(e(71))).toMatchObject({ units: 71, segments: 2, perSegment: 67, remainingInSegment: 63 });
    expect(analyseSms(e(134))).toMatchObject({ segments: 2, remainingInSegment: 0 });
    expect(analyseSms(e(135))).toMatchObject({ segments: 3, remainingInSegment: 66 });
    expect(partUnits(e(135))).toEqual([67, 67, 1]);
  });

  it('never splits a surrogate pair: an emoji that does not fit starts the next part', () => {
    const text = e(66) + EMOJI + e(66); // 134 units, but the emoji cannot take the last unit of part 1
    const { parts } = splitSms(text);
    expect(parts).toEqual([e(66), EMOJI + e(65), 'ê']);
    expect(analyseSms(text)).toMatchObject({ units: 134, characters: 133, segments: 3, remainingInSegment: 66 });
    expect(analyseSms(e(68) + EMOJI)).toMatchObject({ units: 70, segments: 1 });
  });

  it('switches the whole message to UCS-2 for one emoji and lists it where it stands', () => {
    const text = `Hello ${EMOJI} world, 50% off!`;
    expect(analyseSms(text)).toEqual({
      encoding: 'UCS-2',
      characters: text.length - 1,
      units: text.length,
      segments: 1,
      perSegment: 70,
      remainingInSegment: 70 - text.length,
      nonGsmCharacters: [{ char: EMOJI, index: 6 }],
    });
    expect(analyseSms(`ê${EMOJI}x\u2019`).nonGsmCharacters).toEqual([
      { char: 'ê', index: 0 },
      { char: EMOJI, index: 1 },
      { char: '\u2019', index: 4 },
    ]);
  });

  it('counts line breaks as one septet each', () => {
    expect(analyseSms('a\r\nb\nc')).toMatchObject({ encoding: 'GSM-7', units: 6, characters: 6 });
  });

  it('agrees with splitSms on every text: parts rebuild the text and respect the limits', () => {
    // A fixed pseudo-random sequence, so a failure replays the same way.
    let seed = 12345;
    const next = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % max;
    };
    const pools = [
      ['a', '€', '{', ' '],
      ['a', 'ê', EMOJI, '€'],
      ['x', '[', ']', '\n'],
    ];
    for (let round = 0; round < 300; round++) {
      const pool = pools[round % pools.length] ?? [];
      let text = '';
      for (let count = next(480); count > 0; count--) text += pool[next(pool.length)];
      const analysis = analyseSms(text);
      const split = splitSms(text);
      expect(split.parts.join('')).toBe(text);
      expect(split.parts.length).toBe(analysis.segments);
      expect(split.encoding).toBe(analysis.encoding);
      const limit = analysis.segments > 1 ? analysis.perSegment : analysis.encoding === 'GSM-7' ? 160 : 70;
      for (const part of split.parts) {
        expect(analyseSms(part).units).toBeLessThanOrEqual(limit);
        expect(part.charCodeAt(0) >= 0xdc00 && part.charCodeAt(0) <= 0xdfff).toBe(false);
      }
    }
  });
});

describe('splitSms', () => {
  it('returns a text that fits one SMS whole, and nothing for an empty text', () => {
    expect(splitSms('Hello')).toEqual({ encoding: 'GSM-7', parts: ['Hello'] });
    expect(splitSms(a(160)).parts).toEqual([a(160)]);
    expect(splitSms('')).toEqual({ encoding: 'GSM-7', parts: [] });
  });
});

describe('replaceLookalikes', () => {
  it('turns a message UCS-2 only because of typography into GSM-7', () => {
    const text = '\u201CSale\u201D \u2013 it\u2019s on\u2026 20\u00A0% off \u2022 today';
    expect(analyseSms(text).encoding).toBe('UCS-2');
    const result = replaceLookalikesCounted(text);
    expect(result).toEqual({ text: '"Sale" - it\'s on... 20 % off - today', replaced: 7 });
    expect(analyseSms(result.text)).toMatchObject({ encoding: 'GSM-7', nonGsmCharacters: [] });
  });

  it('maps each kind of lookalike and removes invisible characters', () => {
    expect(replaceLookalikes('\u2018a\u2019 \u201Ab\u201B \u2032 `c\u00B4')).toBe("'a' 'b' ' 'c'");
    expect(replaceLookalikes('\u201Eq\u201F \u00ABfr\u00BB \u2033')).toBe('"q" "fr" "');
    expect(replaceLookalikes('1\u20132\u20143\u20154\u22125')).toBe('1-2-3-4-5');
    expect(replaceLookalikes('a\u2003b\u202Fc\u3000d\te')).toBe('a b c d e');
    expect(replaceLookalikes('zero\u200Bwidth\uFEFF\u00AD')).toBe('zerowidth');
    expect(replaceLookalikes('line\u2028next')).toBe('line\nnext');
  });

  it('keeps what would change the meaning: accents, joiners in emoji, other scripts', () => {
    const family = '👩\u200D👩\u200D👧';
    for (const text of ['fête', family, 'مرحبا', 'garçon', 'plain GSM text {€}']) {
      expect(replaceLookalikesCounted(text)).toEqual({ text, replaced: 0 });
    }
    expect(replaceLookalikes(`\u201C${family}\u201D`)).toBe(`"${family}"`);
  });
});
