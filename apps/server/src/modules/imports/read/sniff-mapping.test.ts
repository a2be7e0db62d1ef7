import { describe, expect, it } from 'vitest';
import { foldHeader, suggestMapping } from './mapping.ts';
import { PhoneSet } from '../write/phone-set.ts';
import { decodeText, parseCsv } from './csv-reader.ts';
import { cellText } from './xlsx-reader.ts';
import { detectDelimiter, sniffBytes } from './sniff.ts';

const bytes = (text: string, encoding: BufferEncoding = 'utf8') => Buffer.from(text, encoding);

describe('sniffBytes', () => {
  it('tells encodings apart by BOM, zero bytes and UTF-8 validity', () => {
    expect(sniffBytes(bytes('\uFEFFphone\n1'), true)).toEqual({ kind: 'text', encoding: 'utf-8', bomLength: 3 });
    expect(sniffBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), bytes('phone\n', 'utf16le')]), true)).toMatchObject({
      encoding: 'utf-16le',
      bomLength: 2,
    });
    expect(sniffBytes(bytes('phone,name\n+44,José\n', 'utf16le'), true)).toMatchObject({ encoding: 'utf-16le', bomLength: 0 });
    expect(sniffBytes(bytes('phone,name\n+44,Jos\xe9\n', 'latin1'), true)).toMatchObject({ encoding: 'windows-1252' });
    expect(sniffBytes(bytes('phone,name\n+44,José\n'), true)).toMatchObject({ encoding: 'utf-8', bomLength: 0 });
  });

  it('keeps a UTF-8 sequence cut at the end of a partial sample as UTF-8', () => {
    const text = bytes('phone,name\n+44,José');
    expect(sniffBytes(text.subarray(0, text.length - 1), false)).toMatchObject({ encoding: 'utf-8' });
  });

  it('spots zips, known binaries, junk and empty files', () => {
    expect(sniffBytes(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]), false)).toEqual({ kind: 'zip' });
    expect(sniffBytes(bytes('%PDF-1.4 ...'), true)).toEqual({ kind: 'binary' });
    expect(sniffBytes(Buffer.from([1, 2, 3, 0, 5, 6, 7, 8, 9, 0, 1, 2]), true)).toEqual({ kind: 'binary' });
    expect(sniffBytes(Buffer.alloc(0), true)).toEqual({ kind: 'empty' });
    expect(sniffBytes(bytes(' \r\n\t'), true)).toEqual({ kind: 'empty' });
  });

  it('reads a text file with a stray NUL as text (the readers drop it) and cellText drops it too', async () => {
    const file = `phone,name\n${'+447911123456,Ann\n'.repeat(20)}+447911123457,B\u0000ob\n`;
    expect(sniffBytes(bytes(file), true)).toEqual({ kind: 'text', encoding: 'utf-8', bomLength: 0 });
    const chunks: string[] = [];
    for await (const chunk of decodeText(
      (async function* () {
        yield { bytes: bytes('a\u0000b'), progress: 1 };
      })(),
      'utf-8',
    ))
      chunks.push(chunk.text);
    expect(chunks.join('')).toBe('ab');
    expect(cellText('x\u0000y')).toBe('xy');
    expect(cellText({ richText: [{ text: 'a\u0000' }, { text: 'b' }] })).toBe('ab');
  });
});

describe('detectDelimiter', () => {
  it('picks the delimiter that splits rows consistently, quote-aware', () => {
    expect(detectDelimiter('a;b;c\n1;"x, y";3\n')).toBe(';');
    expect(detectDelimiter('a\tb\n1\t2\n')).toBe('\t');
    expect(detectDelimiter('a|b\n1|2\n')).toBe('|');
    expect(detectDelimiter('a,b\n"1;2",3\n')).toBe(',');
    expect(detectDelimiter('phone\n+447911123456\n')).toBe(',');
  });
});

describe('parseCsv', () => {
  async function rows(chunks: string[], maxRowChars = 1000) {
    const source = (async function* () {
      for (const chunk of chunks) yield { bytes: Buffer.from(chunk), progress: 0 };
    })();
    const out: unknown[] = [];
    for await (const chunk of parseCsv(decodeText(source, 'utf-8'), { delimiter: ',', maxRowChars })) out.push(...chunk.rows);
    return out;
  }

  it('joins rows, quotes and CRLF split across chunks', async () => {
    expect(await rows(['a,"b\r', '\nc",d\r', '\ne,f'])).toEqual([
      ['a', 'b\nc', 'd'],
      ['e', 'f'],
    ]);
  });

  it('turns an endless row into one problem and resumes at the next line', async () => {
    const result = await rows(['h\n', 'x'.repeat(600), 'x'.repeat(600), 'x\nok\n']);
    expect(result[0]).toEqual(['h']);
    expect(result[1]).toMatchObject({ problem: 'A row is longer than 1,000 characters' });
    expect(result[2]).toEqual(['ok']);
  });
});

describe('suggestMapping', () => {
  it('recognises headers in English, French, Arabic and Chinese', () => {
    expect(foldHeader(' Téléphone_Portable ')).toBe('telephone portable');
    expect(suggestMapping(['Téléphone', 'Prénom', 'Nom', 'Courriel', 'Groupe'])).toEqual({
      '0': 'phone',
      '1': 'firstName',
      '2': 'lastName',
      '3': 'email',
      '4': 'tag1',
    });
    expect(suggestMapping(['رقم الهاتف', 'الاسم'])).toEqual({ '0': 'phone', '1': 'firstName' });
    expect(suggestMapping(['手机号', '姓', '名'])).toEqual({ '0': 'phone', '1': 'lastName', '2': 'firstName' });
    expect(suggestMapping(['Mobile (UK)', 'Name', 'First name', ''])).toEqual({
      '0': 'phone',
      '1': 'custom:Name',
      '2': 'firstName',
      '3': 'ignore',
    });
  });

  it('finds the phone column by its values when no header names it', () => {
    expect(
      suggestMapping(
        ['Col A', 'Col B'],
        [
          ['Ann', '+44 7911 123456'],
          ['Bob', '07911 123457'],
        ],
      ),
    ).toMatchObject({ '1': 'phone' });
  });
});

describe('PhoneSet', () => {
  it('remembers numbers across growth', () => {
    const set = new PhoneSet();
    for (let index = 0; index < 200_000; index++) expect(set.add(`+4479${String(index).padStart(8, '0')}`)).toBe(true);
    expect(set.add('+447900000042')).toBe(false);
    expect(set.add('+447900199999')).toBe(false);
    expect(set.add('+447900200000')).toBe(true);
    expect(set.size).toBe(200_001);
  });
});

describe('cellText', () => {
  it('writes spreadsheet values as the sheet shows them', () => {
    expect(cellText(447911123456)).toBe('447911123456');
    expect(cellText(1.5)).toBe('1.5');
    expect(cellText({ formula: 'A1*2', result: 4 })).toBe('4');
    expect(cellText({ formula: 'NOW()' })).toBe('=NOW()');
    expect(cellText({ richText: [{ text: 'Jo' }, { text: 'sé' }] })).toBe('José');
    expect(cellText(new Date('2024-03-01T00:00:00Z'))).toBe('2024-03-01');
    expect(cellText(null)).toBe('');
  });
});
