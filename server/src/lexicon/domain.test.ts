import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writePrepared } from '../prepared-data';
import { computeDomainCounts, domainCountsFor, incidentalWord, writeDomainCounts } from './domain';

describe('incidentalWord', () => {
  it('finds words far rarer in a source than in everyday English', () => {
    for (const word of ['flat', 'stop', 'biting', 'get']) expect(incidentalWord(word, 'bible')).toBe(true);
    expect(incidentalWord('late', 'quran')).toBe(true);
  });

  it('keeps the words a source uses as its own, in any inflection or case', () => {
    for (const word of ['shepherd', 'mercy', 'Forgive', 'sins', 'prayed']) {
      expect(incidentalWord(word, 'bible')).toBe(false);
      expect(incidentalWord(word, 'quran')).toBe(false);
    }
  });

  it('says nothing of words the source never uses, names of several words, or a source without English', () => {
    expect(incidentalWord('tesla', 'bible')).toBe(false);
    expect(incidentalWord('flat tire', 'bible')).toBe(false);
    expect(incidentalWord('flat', 'quran-arabic')).toBe(false);
  });
});

describe("the build's word counts", () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-domain-counts-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are read back equal to the counts computed from the packages', () => {
    const file = path.join(dir, 'counts.json');
    writeDomainCounts(file);
    const read = domainCountsFor(file);
    expect(read.from).toBe('file');
    const computed = computeDomainCounts();
    expect([...read.counts.keys()].sort()).toEqual(['bible', 'quran']);
    expect(read.counts).toEqual(computed);
  });

  it('are computed when the file is stale, damaged or absent', () => {
    const file = path.join(dir, 'stale.json');
    writePrepared(file, 'the key of other packages or code', { bible: { total: 1, stems: [['flat', 1]] } });
    const stale = domainCountsFor(file);
    expect(stale.from).toBe('built');
    expect(stale.counts.get('bible')?.stems.get('flat')).not.toBe(1);
    writeDomainCounts(file);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').slice(0, 100));
    expect(domainCountsFor(file).from).toBe('built');
    expect(domainCountsFor(path.join(dir, 'absent.json')).from).toBe('built');
  });
});
