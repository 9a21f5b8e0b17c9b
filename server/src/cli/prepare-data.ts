import fs from 'node:fs';
import { CONCEPT_INDEX_FILE, writeConceptIndex } from '../concepts/prepared-index.js';
import { GlossaryError, loadGlossary } from '../concepts/glossary.js';
import { buildPreparedData, findPreparedData, PREPARED_DATA_DIR } from '../corpus/prepared.js';
import { HelpRequested, onlyOptions, parseCommandLine, reportUsage, UsageError } from './args.js';

/**
 * `node server/dist/cli/prepare-data.js [--force]`, the last step of `npm run build -w server`:
 * writes the prepared data folder (`corpus/prepared.ts`) to `server/dist/prepared-data`, the
 * database a first start unpacks instead of loading the corpus. A folder built from the same
 * PGlite, migrations, code and corpus is kept (`--force` builds it again).
 * Exit status: 0 done, 1 failed, 2 wrong usage.
 */

const USAGE = `Usage: node server/dist/cli/prepare-data.js [--force]

  Builds the database a first start unpacks (migrations and the shipped corpus loaded) into
  ${PREPARED_DATA_DIR}, unless the one there was built from this same installation.
  --force   build it again anyway`;

async function main(argv: readonly string[]): Promise<number> {
  let force: boolean;
  try {
    const line = parseCommandLine(argv, { flags: ['force'] });
    onlyOptions(line, 'force');
    if (line.positionals.length > 0) throw new UsageError(`unexpected argument "${line.positionals[0]}"`);
    force = line.flags.has('force');
  } catch (error) {
    if (error instanceof UsageError || error instanceof HelpRequested) return reportUsage(error, USAGE);
    throw error;
  }
  // The glossary's index (a second of every start otherwise); an invalid glossary is the
  // server's to report at start (search then runs without it), so none is written then.
  try {
    const bytes = writeConceptIndex(loadGlossary());
    process.stdout.write(`concept index written: ${(bytes / 1e6).toFixed(1)} MB in ${CONCEPT_INDEX_FILE}\n`);
  } catch (error) {
    if (!(error instanceof GlossaryError)) throw error;
    fs.rmSync(CONCEPT_INDEX_FILE, { force: true });
    process.stdout.write(`no concept index written: ${error.message}\n`);
  }
  const found = findPreparedData(PREPARED_DATA_DIR);
  if (found.usable && !force) {
    process.stdout.write(`prepared data folder is current (built ${found.manifest.builtAt}): ${found.archive}\n`);
    return 0;
  }
  if (!found.usable) process.stdout.write(`preparing the first start's data folder (${found.detail}); this loads the whole corpus once\n`);
  const manifest = await buildPreparedData(PREPARED_DATA_DIR);
  process.stdout.write(
    `prepared data folder written: ${manifest.passages} passages, ${(manifest.bytes / 1e6).toFixed(1)} MB in ${PREPARED_DATA_DIR}, built in ${(manifest.buildMs / 1000).toFixed(1)} s\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`preparing the data folder failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
