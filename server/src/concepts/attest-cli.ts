import fs from 'node:fs';
import { anchorExists, checkAttestation, findCandidates, loadCorpusTexts, type Candidate } from './attest.js';
import type { Attestation, Concept } from './types.js';

/**
 * Glossary attestation tool (after `npm run build -w server`):
 *
 *     node server/dist/concepts/attest-cli.js <file.json> [--id <concept-id>] [--limit <n>]
 *     node server/dist/concepts/attest-cli.js <file.json> --fill <n> [--out <file.json>]
 *
 * Reads a glossary file (a JSON array of concepts, attestations possibly still empty), and for
 * each concept prints the Quran verses where Saheeh International uses an English name and
 * Diyanet a Turkish one (Arabic too when found), surahs whose names carry them and KJV verses,
 * then checks its anchors and existing attestations against the corpus. `--fill <n>` gives
 * every concept without attestations its best `n` candidates and writes the file (in place, or
 * to `--out`) for review. Exit code 1 when a check fails or a concept has no candidate.
 */

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function show(c: Candidate): string {
  const words = Object.entries(c.words)
    .map(([lang, w]) => `${lang}="${w}"`)
    .join(' ');
  return `  ${c.anchor ? '*' : ' '} ${c.source} ${c.ref}  ${words}`;
}

function main(args: string[]): number {
  const file = args.find((a, i) => !a.startsWith('--') && !(args[i - 1] ?? '').startsWith('--'));
  if (!file) {
    process.stderr.write('usage: attest-cli <file.json> [--id <id>] [--limit <n>] [--fill <n> [--out <file.json>]]\n');
    return 2;
  }
  const only = option(args, '--id');
  const fill = option(args, '--fill');
  const limit = Number(option(args, '--limit') ?? fill ?? 8);
  const concepts = JSON.parse(fs.readFileSync(file, 'utf8')) as Concept[];
  const texts = loadCorpusTexts();
  let failed = 0;
  for (const concept of concepts) {
    if (only && concept.id !== only) continue;
    const problems = [
      ...(concept.anchors ?? []).filter((a) => !anchorExists(a, texts)).map((a) => `anchor ${a} is not in the corpus`),
      ...(concept.attestations ?? []).flatMap((a) => checkAttestation(a, texts)),
    ];
    const candidates = findCandidates(concept, texts, Math.max(limit, 1));
    process.stdout.write(`${concept.id}${problems.length ? `  PROBLEMS: ${problems.join('; ')}` : ''}\n`);
    for (const c of candidates.slice(0, limit)) process.stdout.write(`${show(c)}\n`);
    if (candidates.length === 0) process.stdout.write('    (no candidate)\n');
    if (problems.length > 0) failed++;
    if (fill && (concept.attestations ?? []).length === 0) {
      if (candidates.length === 0) failed++;
      concept.attestations = candidates.slice(0, Number(fill)).map(({ source, ref, words }): Attestation => ({ source, ref, words }));
    }
  }
  if (fill) fs.writeFileSync(option(args, '--out') ?? file, `${JSON.stringify(concepts, null, 2)}\n`);
  if (failed > 0) process.stderr.write(`${failed} concept(s) with a problem or without a candidate\n`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
