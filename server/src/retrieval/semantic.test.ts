import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadWordNet } from '../concepts/thesaurus';
import { writePrepared } from '../prepared-data';
import { queryTerms } from './query';
import { computeEnglishVocabulary, englishRelated, englishVocabularyFor, MAX_RELATED, MAX_TURKISH_RELATED, turkishRelated, writeEnglishVocabulary } from './semantic';

describe('englishRelated', () => {
  const layer = englishRelated(loadWordNet());

  it('reaches the translations\' words from an everyday word through WordNet, closest first', () => {
    expect(layer.related('shoplifting')).toEqual(expect.arrayContaining(['theft']));
    expect(layer.related('thief')).toContain('robber');
    expect(layer.related('pig')).toContain('swine');
  });

  it('keeps only words the shipped texts use, at most a few, never the word itself', () => {
    for (const word of ['gossip', 'flood', 'borrow']) {
      const related = layer.related(word);
      expect(related.length).toBeLessThanOrEqual(MAX_RELATED);
      expect(related).not.toContain(word);
    }
  });

  it('adds nothing of the vectors\' own for a word WordNet does not know', () => {
    expect(layer.related('bitcoin')).toEqual([]);
    expect(layer.related('xqzv')).toEqual([]);
  });
});

describe('turkishRelated', () => {
  const layer = turkishRelated();

  it('reaches Diyanet\'s words from a word as typed, through its root and KeNet', () => {
    expect(layer.related('misafirlerimize')).toContain('konuk');
    expect(layer.related('kibirli')).toContain('kibir');
    expect(layer.related('evlat')).toContain('çocuk');
  });

  it('keeps at most a few, never the word itself, and nothing for a word it does not know', () => {
    const related = layer.related('yalan');
    expect(related.length).toBeLessThanOrEqual(MAX_TURKISH_RELATED);
    expect(related).not.toContain('yalan');
    expect(layer.related('bitcoin')).toEqual([]);
  });

  it('gives a Turkish query word those words as weaker alternatives', () => {
    const [term] = queryTerms('misafirlerimize', ['tr'], { semantic: { tr: layer } });
    expect(term?.alternatives?.map((p) => p.query).join(' ')).toMatch(/konuk/);
    expect(term?.alternativeWeight).toBeLessThan(1);
  });
});

describe("the build's English vocabulary", () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-vocabulary-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is read back equal to the vocabulary computed from the texts', () => {
    const file = path.join(dir, 'vocabulary.json');
    writeEnglishVocabulary(file);
    const read = englishVocabularyFor(file);
    expect(read.from).toBe('file');
    expect(read.words).toEqual(computeEnglishVocabulary());
    expect(read.words.has('shepherd')).toBe(true);
  });

  it('is computed when the file is stale, damaged or absent', () => {
    const file = path.join(dir, 'stale.json');
    writePrepared(file, 'the key of other texts or code', ['tesla']);
    const stale = englishVocabularyFor(file);
    expect(stale.from).toBe('built');
    expect(stale.words.has('tesla')).toBe(false);
    writeEnglishVocabulary(file);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').slice(0, 100));
    expect(englishVocabularyFor(file).from).toBe('built');
    expect(englishVocabularyFor(path.join(dir, 'absent.json')).from).toBe('built');
  });
});
