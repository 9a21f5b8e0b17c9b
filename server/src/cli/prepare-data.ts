import fs from 'node:fs';
import { CONCEPT_INDEX_FILE, writeConceptIndex } from '../concepts/prepared-index.js';
import { GlossaryError, GLOSSARY_VALIDATED_FILE, loadGlossary, writeGlossaryValidated } from '../concepts/glossary.js';
import { DOMAIN_COUNTS_FILE, writeDomainCounts } from '../lexicon/domain.js';
import { ENGLISH_VOCABULARY_FILE, writeEnglishVocabulary } from '../retrieval/semantic.js';
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
  // What a start would otherwise compute from the shipped files (about 3 s of CPU): the record
  // that the glossary is valid, its index, the English sources' word counts and vocabulary.
  // An invalid glossary is the server's to report at start (search then runs without it), so
  // neither its record nor its index is written then.
  try {
    writeGlossaryValidated();
    process.stdout.write(`glossary validated: ${GLOSSARY_VALIDATED_FILE}\n`);
    const bytes = writeConceptIndex(loadGlossary());
    process.stdout.write(`concept index written: ${(bytes / 1e6).toFixed(1)} MB in ${CONCEPT_INDEX_FILE}\n`);
  } catch (error) {
    if (!(error instanceof GlossaryError)) throw error;
    fs.rmSync(CONCEPT_INDEX_FILE, { force: true });
    process.stdout.write(`no concept index written: ${error.message}\n`);
  }
  const countBytes = writeDomainCounts();
  process.stdout.write(`English word counts written: ${(countBytes / 1e6).toFixed(1)} MB in ${DOMAIN_COUNTS_FILE}\n`);
  const vocabularyBytes = writeEnglishVocabulary();
  process.stdout.write(`English vocabulary written: ${(vocabularyBytes / 1e6).toFixed(1)} MB in ${ENGLISH_VOCABULARY_FILE}\n`);
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
