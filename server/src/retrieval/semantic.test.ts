import { loadWordNet } from '../concepts/thesaurus';
import { englishRelated, MAX_RELATED } from './semantic';

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
