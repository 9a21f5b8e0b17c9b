import fs from 'node:fs';
import { parseCommandLine, reportUsage, UsageError } from '../cli/args.js';
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
 * to `--out`) for review. Exit code 1 when a check fails or a concept has no candidate, 2 for
 * wrong usage; `--help` prints the usage.
 */

const USAGE = `Usage: node server/dist/concepts/attest-cli.js <file.json> [--id <id>] [--limit <n>] [--fill <n> [--out <file.json>]]

  --id <id>      check only this concept
  --limit <n>    candidates shown per concept (default: --fill's n, else 8)
  --fill <n>     give every concept without attestations its best n candidates and write the file
  --out <file>   write the filled glossary there instead of in place`;

/** A command line of the attestation tool, read. */
export interface AttestCommandLine {
  file: string;
  id: string | undefined;
  limit: number;
  fill: number | undefined;
  out: string | undefined;
}

/**
 * Parses the tool's arguments (with `util.parseArgs`).
 * @throws HelpRequested for `--help` or `-h`
 * @throws UsageError for an unknown option, not exactly one file, or a count that is not a whole number
 */
export function parseAttestArgs(argv: readonly string[]): AttestCommandLine {
  const line = parseCommandLine(argv, { values: ['id', 'limit', 'fill', 'out'] });
  if (line.positionals.length !== 1) throw new UsageError('give one glossary file (.json)');
  const count = (name: string): number | undefined => {
    const raw = line.values.get(name);
    if (raw !== undefined && !/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number`);
    return raw === undefined ? undefined : Number(raw);
  };
  const fill = count('fill');
  return { file: line.positionals[0] ?? '', id: line.values.get('id'), limit: count('limit') ?? fill ?? 8, fill, out: line.values.get('out') };
}

function show(c: Candidate): string {
  const words = Object.entries(c.words)
    .map(([lang, w]) => `${lang}="${w}"`)
    .join(' ');
  return `  ${c.anchor ? '*' : ' '} ${c.source} ${c.ref}  ${words}`;
}

/**
 * Runs the tool with `argv` (the arguments after the script).
 * @returns the exit status: 0 all checks pass, 1 a problem or a concept without a candidate, 2 wrong usage
 */
export function main(argv: readonly string[]): number {
  let options: AttestCommandLine;
  try {
    options = parseAttestArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportUsage(error, USAGE, 'attest-cli: ');
  }
  const { file, id: only, fill, limit } = options;
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
    if (fill !== undefined && (concept.attestations ?? []).length === 0) {
      if (candidates.length === 0) failed++;
      concept.attestations = candidates.slice(0, fill).map(({ source, ref, words }): Attestation => ({ source, ref, words }));
    }
  }
  if (fill !== undefined) fs.writeFileSync(options.out ?? file, `${JSON.stringify(concepts, null, 2)}\n`);
  if (failed > 0) process.stderr.write(`${failed} concept(s) with a problem or without a candidate\n`);
  return failed > 0 ? 1 : 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
