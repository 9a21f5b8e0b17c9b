import { loadWordNet } from '../concepts/thesaurus';
import { queryTerms } from './query';
import { englishRelated, MAX_RELATED, MAX_TURKISH_RELATED, turkishRelated } from './semantic';

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
