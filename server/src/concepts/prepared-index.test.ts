import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildConceptIndex, detectConcepts } from './detect';
import { loadGlossary } from './glossary';
import { conceptIndexFor, writeConceptIndex } from './prepared-index';

describe("the build's concept index", () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-concept-index-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  // Part of the shipped glossary, so the suite builds its indexes quickly.
  const glossary = (): ReturnType<typeof loadGlossary> => loadGlossary().slice(0, 120);

  it('is read back equal to the index built from the glossary, and detects the same concepts', () => {
    const concepts = glossary();
    const file = path.join(dir, 'same.json');
    writeConceptIndex(concepts, file);
    const read = conceptIndexFor(concepts, file);
    const built = buildConceptIndex(concepts);
    expect(read.from).toBe('file');
    expect(read.index).toEqual(built);
    for (const concept of concepts.slice(0, 40)) {
      const query = `${concept.names.tr?.[0] ?? ''} ${concept.names.en?.[0] ?? ''}`;
      expect(detectConcepts(read.index, query)).toEqual(detectConcepts(built, query));
    }
  });

  it('is not used for another glossary, nor when damaged: the index is built then', () => {
    const concepts = glossary();
    const file = path.join(dir, 'other.json');
    writeConceptIndex(concepts.slice(0, 60), file);
    const other = conceptIndexFor(concepts, file);
    expect(other.from).toBe('built');
    expect(other.index).toEqual(buildConceptIndex(concepts));
    fs.writeFileSync(file, '{"key":');
    expect(conceptIndexFor(concepts, file).from).toBe('built');
    expect(conceptIndexFor(concepts, path.join(dir, 'absent.json')).from).toBe('built');
  });
});
