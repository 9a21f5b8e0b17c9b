import { loadWordNet } from '../concepts/thesaurus';
import { queryTerms } from './query';
import { englishRelated } from './semantic';
import { MAX_TOPIC_ANCHORS, naveTopics } from './topics';

describe('naveTopics', () => {
  const topics = naveTopics(englishRelated(loadWordNet()));

  it("names the KJV verses Nave files under a topic the word names", () => {
    expect(topics.anchorsFor('gossip')).toContain('bible Proverbs 11:13');
    expect(topics.anchorsFor('guests')).toContain('bible Genesis 18:2');
  });

  it('reaches a topic through the word\'s related words (shoplifting → THEFT AND THIEVES)', () => {
    expect(topics.anchorsFor('shoplifting')).toContain('bible Ephesians 4:28');
  });

  it('leaves out topics too broad to stand for a word, function words and unknown words', () => {
    expect(topics.anchorsFor('anger')).toEqual([]);
    expect(topics.anchorsFor('the')).toEqual([]);
    expect(topics.anchorsFor('bitcoin')).toEqual([]);
    expect(topics.anchorsFor('hospitality').length).toBeLessThanOrEqual(MAX_TOPIC_ANCHORS);
  });

  it("makes the topic's verses near anchors of the word's term", () => {
    const [term] = queryTerms('gossip', ['en'], { topics: { en: topics } });
    expect(term?.nearAnchors).toContain('bible Proverbs 11:13');
  });
});
