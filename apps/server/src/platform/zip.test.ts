import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zipArchive } from './zip.ts';

const folder = mkdtempSync(join(tmpdir(), 'zip-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('zipArchive', () => {
  it("writes an archive that Python's zipfile (an implementation we did not write) reads back byte for byte", () => {
    const big = 'مرحبا, 你好, hello; '.repeat(5_000);
    const file = join(folder, 'bundle.zip');
    writeFileSync(
      file,
      zipArchive([
        { name: 'contact.json', data: '{"phone":"+447911123456"}' },
        { name: 'messages-été.csv', data: big },
        { name: 'empty.txt', data: '' },
      ]),
    );
    const script = `import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
assert z.testzip() is None
print(json.dumps({i.filename: z.read(i.filename).decode('utf-8') for i in z.infolist()}))`;
    const read = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }));
    expect(Object.keys(read)).toEqual(['contact.json', 'messages-été.csv', 'empty.txt']);
    expect(read['contact.json']).toBe('{"phone":"+447911123456"}');
    expect(read['messages-été.csv']).toBe(big);
    expect(read['empty.txt']).toBe('');
    expect(readFileSync(file).length).toBeLessThan(Buffer.byteLength(big) / 10);
  });
});
