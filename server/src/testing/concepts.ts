import { buildConceptIndex } from '../concepts/detect';
import type { Concept } from '../concepts/types';
import type { Expansion } from '../retrieval/expansion';

/**
 * A glossary concept for tests, written the way `server/data/glossary/*.json` writes them:
 * Jonah / Yunus / Dhun-Nun, anchored at 37:142 and 21:87, with the words Saheeh International
 * and Diyanet use for him (attested in quran-json's texts).
 */
export const jonah: Concept = {
  id: 'jonah',
  names: { en: ['Jonah', 'man of the fish', 'companion of the fish'], tr: ['Yunus', 'balık sahibi'], translit: ['Dhun-Nun'] },
  anchors: ['quran 37:142', 'quran 21:87'],
  attestations: [
    { source: 'quran', ref: '37:139', words: { en: 'Jonah', tr: 'Yunus' } },
    { source: 'quran', ref: '21:87', words: { en: 'man of the fish', tr: 'Balık sahibi' } },
  ],
};

/** A query expansion by {@link jonah} alone. */
export const jonahOnly: Expansion = { concepts: buildConceptIndex([jonah]) };
