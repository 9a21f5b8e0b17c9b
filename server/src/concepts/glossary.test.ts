import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { anchorExists, checkAttestation, loadCorpusTexts } from './attest.js';
import { GlossaryError, glossaryFilesKey, loadGlossary, nameKey, writeGlossaryValidated } from './glossary.js';
import { writePrepared } from '../prepared-data.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glossary-'));
  made.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

const moses = {
  id: 'moses',
  names: { en: ['Moses'], tr: ['Musa'], ar: ['موسى'], translit: ['Musa'] },
  attestations: [{ source: 'quran', ref: '2:51', words: { en: 'Moses', tr: 'Musa' } }],
};

describe('loadGlossary on a folder', () => {
  it('reads every JSON file and returns the same cached array', () => {
    const dir = folder({ 'a.json': [moses], 'b.json': [{ ...moses, id: 'noah', names: { en: ['Noah'], tr: ['Nuh'] } }], 'notes.txt': 'ignored' });
    const glossary = loadGlossary(dir);
    expect(glossary.map((c) => c.id)).toEqual(['moses', 'noah']);
    expect(loadGlossary(dir)).toBe(glossary);
  });

  it('names the file and concept of a bad shape', () => {
    const dir = folder({ 'prophets.json': [{ ...moses, names: { en: ['Moses'] } }] });
    expect(() => loadGlossary(dir)).toThrow(GlossaryError);
    expect(() => loadGlossary(dir)).toThrow(/prophets\.json: concept "moses": .*names\.tr/);
  });

  it('refuses unknown keys, a concept without attestations and a malformed anchor', () => {
    expect(() => loadGlossary(folder({ 'x.json': [{ ...moses, colour: 'red' }] }))).toThrow(/x\.json: concept "moses"/);
    expect(() => loadGlossary(folder({ 'x.json': [{ ...moses, attestations: [] }] }))).toThrow(/at least one/);
    expect(() => loadGlossary(folder({ 'x.json': [{ ...moses, anchors: ['2:51'] }] }))).toThrow(/anchors\[0\]/);
    expect(() => loadGlossary(folder({ 'x.json': [{ ...moses, id: 'Moses Story' }] }))).toThrow(/kebab-case/);
  });

  it('refuses invalid JSON and a file that is not an array', () => {
    expect(() => loadGlossary(folder({ 'broken.json': '[{' }))).toThrow(/broken\.json: not valid JSON/);
    expect(() => loadGlossary(folder({ 'obj.json': { id: 'x' } }))).toThrow(/obj\.json: the file must hold a JSON array/);
  });

  it('refuses a duplicate id across files', () => {
    const dir = folder({ 'a.json': [moses], 'b.json': [moses] });
    expect(() => loadGlossary(dir)).toThrow(/b\.json: concept "moses": the id is already used in a\.json/);
  });

  it('refuses a name claimed by two concepts unless one of them shares it', () => {
    const other = { ...moses, id: 'moses-story', names: { en: ['story of Moses'], tr: ['Mûsâ'] } };
    expect(() => loadGlossary(folder({ 'a.json': [moses, other] }))).toThrow(/"Mûsâ" is already claimed by "moses"/);
    expect(loadGlossary(folder({ 'a.json': [moses, { ...other, sharedNames: ['Musa'] }] }))).toHaveLength(2);
  });
});

describe("the build's record that the glossary was validated", () => {
  const recordIn = (dir: string): string => path.join(dir, 'validated.record');
  const badShape = [{ ...moses, names: { en: ['Moses'] } }];

  it('is written for a valid glossary, which then loads to the same concepts', () => {
    const files = { 'a.json': [moses], 'b.json': [{ ...moses, id: 'noah', names: { en: ['Noah'], tr: ['Nuh'] } }] };
    const record = recordIn(folder({}));
    writeGlossaryValidated(folder(files), record);
    expect(loadGlossary(folder(files), record)).toEqual(loadGlossary(folder(files)));
  });

  it('is not written for an invalid glossary, and an old one is removed', () => {
    const record = recordIn(folder({}));
    writeGlossaryValidated(folder({ 'a.json': [moses] }), record);
    expect(() => writeGlossaryValidated(folder({ 'a.json': badShape }), record)).toThrow(GlossaryError);
    expect(fs.existsSync(record)).toBe(false);
  });

  it('spares validating the very files it names: their shape is trusted', () => {
    const dir = folder({ 'prophets.json': badShape });
    const record = recordIn(folder({}));
    writePrepared(record, glossaryFilesKey(dir), true);
    expect(loadGlossary(dir, record).map((c) => c.id)).toEqual(['moses']);
  });

  it('validates other files, and any files when it is damaged or absent', () => {
    const record = recordIn(folder({}));
    writeGlossaryValidated(folder({ 'prophets.json': [moses] }), record);
    expect(() => loadGlossary(folder({ 'prophets.json': badShape }), record)).toThrow(/prophets\.json: concept "moses": .*names\.tr/);
    const dir = folder({ 'prophets.json': badShape });
    writePrepared(record, glossaryFilesKey(dir), true);
    fs.writeFileSync(record, fs.readFileSync(record, 'utf8').slice(0, 20));
    expect(() => loadGlossary(dir, record)).toThrow(GlossaryError);
    expect(() => loadGlossary(folder({ 'prophets.json': badShape }), recordIn(folder({})))).toThrow(GlossaryError);
  });
});

describe('nameKey', () => {
  it('folds Turkish, English and Arabic spellings of one name together', () => {
    expect(nameKey('tr', 'İbrâhîm')).toBe('ibrahim');
    expect(nameKey('en', 'Ibrahim')).toBe('ibrahim');
    expect(nameKey('translit', 'Mûsâ')).toBe('musa');
    expect(nameKey('tr', 'Ashab-ı Kehf')).toBe('ashab i kehf');
    expect(nameKey('ar', 'مُوسَىٰ')).toBe(nameKey('ar', 'موسى'));
  });
});

describe('the shipped glossary (server/data/glossary)', () => {
  const glossary = loadGlossary();
  const texts = loadCorpusTexts();

  it('loads with at least 300 concepts, each named in English and Turkish', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(300);
    expect(new Set(glossary.map((c) => c.id)).size).toBe(glossary.length);
    const unnamed = glossary.filter((c) => (c.names.en ?? []).length === 0 || (c.names.tr ?? []).length === 0).map((c) => c.id);
    expect(unnamed).toEqual([]);
  });

  it('attests every equivalence with words that really occur in that passage', () => {
    const problems = glossary.flatMap((c) => c.attestations.flatMap((a) => checkAttestation(a, texts)).map((p) => `${c.id}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('names only anchors that exist in the corpus', () => {
    const missing = glossary.flatMap((c) => (c.anchors ?? []).filter((a) => !anchorExists(a, texts)).map((a) => `${c.id}: ${a}`));
    expect(missing).toEqual([]);
  });
});
