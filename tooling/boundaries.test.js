/**
 * The lint rules that hold ARCHITECTURE.md's boundaries (eslint.config.mjs), run through
 * ESLint's Node API on planted code: each violation is reported, legal imports are not.
 */
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const repoRoot = path.resolve(__dirname, '..');

/**
 * Lints each `{ filePath, code }` with the repository's configuration in a separate Node
 * process (ESLint loads eslint.config.mjs with import(), which jest's module sandbox refuses).
 * @returns {{ ruleId: string | null, message: string }[][]} the messages of each sample, in order
 */
function lint(samples) {
  const script = `
    const { ESLint } = require('eslint');
    const samples = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(repoRoot)} });
      const out = [];
      for (const s of samples) {
        const [result] = await eslint.lintText(s.code, { filePath: ${JSON.stringify(repoRoot)} + '/' + s.filePath });
        out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
      }
      process.stdout.write(JSON.stringify(out));
    })();`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script, JSON.stringify(samples)], { cwd: repoRoot, encoding: 'utf8' }));
}

const violations = [
  ['a remote importing another remote', 'remote-knowledge/src/knowledge/planted.ts', "import { ChatPage } from '../../../remote-assistant/src/chat/ChatPage';\nexport default ChatPage;\n"],
  ['a remote importing the shell', 'remote-forms/src/contact/planted.ts', "import { Navbar } from '../../../shell/src/layout/Navbar';\nexport default Navbar;\n"],
  ['a remote importing another remote as a package', 'remote-assistant/src/chat/planted.ts', "import x from 'remote-forms/src/contact/ContactPage';\nexport default x;\n"],
  ['the shell importing a remote\'s source', 'shell/src/layout/planted.tsx', "import KnowledgePage from '../../../remote-knowledge/src/knowledge/KnowledgePage';\nexport default KnowledgePage;\n"],
  ['the server importing shell code', 'server/src/web/planted.ts', "import { Navbar } from '../../../shell/src/layout/Navbar';\nexport default Navbar;\n"],
  ['a server file importing passages/internal', 'server/src/search/planted.ts', "import * as q from '../passages/internal/tsquery.js';\nexport default q;\n"],
  ['a remote importing the design tokens from the shared @kb/contracts', 'remote-forms/src/shared/planted.ts', "import { COLORS } from '@kb/contracts';\nexport default COLORS;\n"],
  ['a remote importing a data-router API the shell does not share', 'remote-knowledge/src/knowledge/planted.ts', "import { useFetcher } from 'react-router-dom';\nexport default useFetcher;\n", '@typescript-eslint/no-restricted-imports'],
  ['the shell importing a server API of react-router', 'shell/src/layout/planted.ts', "import { createStaticHandler } from 'react-router';\nexport default createStaticHandler;\n", '@typescript-eslint/no-restricted-imports'],
  ['the contracts importing the server', 'packages/contracts/src/planted.ts', "import { loadConfig } from '../../../server/src/config';\nexport default loadConfig;\n"],
];

const sqlViolations = [
  ['SQL on passages in a string', 'server/src/search/planted.ts', "export const sql = 'SELECT id FROM passages WHERE lang = $1';\n"],
  ['SQL on passages in a template literal', 'server/src/search/planted.ts', 'export const sql = `SELECT p.id\n   FROM sources s JOIN passages p ON p.source = s.id`;\n'],
  ['SQL on a term table', 'server/src/corpus/planted.ts', "export const sql = 'SELECT df FROM term_stats WHERE term = $1';\n"],
  ['an UPDATE of passages', 'server/src/stats/planted.ts', 'export const sql = `UPDATE passages SET text = $1`;\n'],
];

const legal = [
  ['a remote importing @kb/contracts and its own files', 'remote-knowledge/src/knowledge/planted.ts', "import { useLanguage } from '@kb/contracts';\nimport { CATEGORIES } from './categories';\nexport default [useLanguage, CATEGORIES];\n"],
  ['a remote importing the design tokens from @kb/contracts/tokens', 'remote-forms/src/shared/planted.ts', "import { COLORS } from '@kb/contracts/tokens';\nexport default COLORS;\n"],
  ['a remote importing the declarative router API', 'remote-forms/src/contact/planted.ts', "import { Link, useNavigate, useSearchParams } from 'react-router-dom';\nexport default [Link, useNavigate, useSearchParams];\n"],
  ['a remote importing a type of the data-router API', 'remote-knowledge/src/knowledge/planted.ts', "import type { LoaderFunction } from 'react-router-dom';\nexport type L = LoaderFunction;\n"],
  ['the shell importing its own shellLanguage module', 'shell/src/layout/planted.ts', "import * as l from '../language/shellLanguage';\nexport default l;\n"],
  ['passages/ importing its internals', 'server/src/passages/planted.ts', "import * as q from './internal/tsquery.js';\nexport default q;\n"],
  ['passages/ with SQL on passages', 'server/src/passages/planted.ts', "export const sql = 'SELECT id FROM passages';\n"],
  ['a server test with SQL on passages', 'server/src/search/planted.test.ts', "export const sql = 'SELECT id FROM passages';\n"],
  ['SQL on the corpus_imports.passages column', 'server/src/corpus/planted.ts', "export const sql = 'UPDATE corpus_imports SET passages = $1';\n"],
  ['a server file importing passages/ public modules', 'server/src/search/planted.ts', "import * as r from '../passages/ranking.js';\nexport default r;\n"],
];

const all = [...violations, ...sqlViolations, ...legal];
let results;
beforeAll(() => {
  results = lint(all.map(([, filePath, code]) => ({ filePath, code })));
}, 120_000);

const messagesOf = (name) => results[all.findIndex(([n]) => n === name)];

describe('eslint.config.mjs boundaries', () => {
  it.each(violations.map(([name, , , rule = 'no-restricted-imports']) => [name, rule]))('reports %s (%s)', (name, rule) => {
    expect(messagesOf(name).map((m) => m.ruleId)).toEqual([rule]);
  });

  it.each(sqlViolations.map(([name]) => [name]))('reports %s outside passages/ (no-restricted-syntax)', (name) => {
    expect(messagesOf(name)).toEqual([
      { ruleId: 'no-restricted-syntax', message: 'SQL on passages or term_stats/term_top/term_sample belongs in server/src/passages/.' },
    ]);
  });

  it.each(legal.map(([name]) => [name]))('allows %s', (name) => {
    expect(messagesOf(name)).toEqual([]);
  });
});
