import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { bibleWordings, extraWordsFor, readBibleWordings } from './bible-wordings';

describe('bible wordings', () => {
  it("gives John 3:16 words of the other translations that the KJV's wording lacks", () => {
    const words = (extraWordsFor('John 3:16') ?? '').split(' ');
    // WEB: "his one and only Son, that whoever believes in him … eternal life"
    expect(words).toEqual(expect.arrayContaining(['one', 'whoever', 'believes', 'eternal']));
    // The KJV's own words are not repeated: "only begotten Son … whosoever believeth … everlasting life".
    for (const kjv of ['begotten', 'whosoever', 'believeth', 'everlasting']) expect(words).not.toContain(kjv);
  });

  it('knows verses by the references the server uses', () => {
    expect(extraWordsFor('Genesis 1:1')).toContain('heavens');
    expect(extraWordsFor('1 Kings 3:16')).toContain('prostitutes');
    expect(extraWordsFor('Song of Solomon 4:1')).toBeDefined();
    expect(extraWordsFor('Romans 16:25')).toBeDefined();
  });

  it('returns undefined for a reference that is not a KJV verse', () => {
    expect(extraWordsFor('John 3:99')).toBeUndefined();
    expect(extraWordsFor("Solomon's Song 1:1")).toBeUndefined();
    expect(extraWordsFor('2:255')).toBeUndefined();
  });

  it('covers nearly every KJV verse with lower-case words, loaded once', () => {
    const all = bibleWordings();
    expect(all.size).toBeGreaterThan(30_000);
    expect(all.size).toBeLessThanOrEqual(31_102);
    expect(bibleWordings()).toBe(all);
    expect([...all.values()].filter((text) => !/^[a-z']+( [a-z']+)*$/.test(text))).toEqual([]);
  });

  it('reads a file of its format and rejects a malformed one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wordings-'));
    const write = (name: string, data: unknown) => {
      fs.writeFileSync(path.join(dir, name), zlib.gzipSync(JSON.stringify(data)));
      return path.join(dir, name);
    };
    const good = write('good.json.gz', { verses: 'Genesis 1:1\theavens\nJohn 3:16\tone whoever' });
    expect([...readBibleWordings(good)]).toEqual([['Genesis 1:1', 'heavens'], ['John 3:16', 'one whoever']]);
    expect(() => readBibleWordings(write('none.json.gz', { translations: [] }))).toThrow(/no "verses"/);
    expect(() => readBibleWordings(write('tabless.json.gz', { verses: 'Genesis 1:1 heavens' }))).toThrow(/line 1/);
  });
});
