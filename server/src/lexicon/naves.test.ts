import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadNaves } from './naves';

describe("Nave's Topical Bible", () => {
  const naves = loadNaves();

  it('names its source and licence', () => {
    expect(naves.source).toMatch(/Nave/);
    expect(naves.licence).toBe('Public domain');
    expect(naves.topics().length).toBeGreaterThan(5000);
  });

  it('lists the verses of a topic, ranges expanded, in the server’s KJV naming', () => {
    const verses = naves.versesOf('HOSPITALITY');
    expect(verses).toEqual(expect.arrayContaining(['Hebrews 13:2', 'Genesis 18:1', 'Genesis 18:5', 'Genesis 18:8']));
    expect(naves.versesOf('hospitality')).toEqual(verses);
    expect(naves.versesOf('ALOES')).toContain('Song of Solomon 4:14');
    expect(naves.versesOf('SOLOMON')).toContain('1 Kings 3:16');
  });

  it('reads one-chapter books’ references', () => {
    expect(naves.versesOf('HOSPITALITY')).toEqual(expect.arrayContaining(['3 John 1:5', '3 John 1:8']));
  });

  it('finds topics by a word of their name, the topic so named first', () => {
    expect(naves.topicsFor('hospitality')[0]).toBe('HOSPITALITY');
    expect(naves.topicsFor('thieves')).toContain('THEFT AND THIEVES');
    expect(naves.topicsFor('denial')).toContain('SELF-DENIAL');
    expect(naves.topicsFor('self-denial')).toContain('SELF-DENIAL');
    expect(naves.topicsFor('of')).toEqual([]);
  });

  it('follows "see" references and finds the topics of a verse', () => {
    expect(naves.seeAlso('HOSPITALITY')).toEqual(expect.arrayContaining(['GUEST', 'STRANGERS']));
    expect(naves.topicsOf('Hebrews 13:2')).toContain('HOSPITALITY');
  });

  it('answers nothing for an unknown topic, word or verse', () => {
    expect(naves.versesOf('QZXVBN')).toEqual([]);
    expect(naves.seeAlso('QZXVBN')).toEqual([]);
    expect(naves.topicsFor('qzxvbn')).toEqual([]);
    expect(naves.topicsOf('Genesis 99:1')).toEqual([]);
  });

  it('refuses a file of another shape', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'naves-')), 'bad.json');
    fs.writeFileSync(file, '{"topics": 3}');
    expect(() => loadNaves(file)).toThrow(/not a Nave/);
  });
});
