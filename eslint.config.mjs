// One lint configuration for every workspace: typescript-eslint's recommended rules plus the
// React hooks rules for the front ends, and the boundaries of ARCHITECTURE.md "Layout"
// (tooling/boundaries.test.js shows each one failing on a planted violation).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { ROUTER_API } from './tooling/router-api.mjs';

const SOURCES = '**/*.{ts,tsx,js,cjs,mjs}';
const REMOTES = ['remote-knowledge', 'remote-assistant', 'remote-forms'];
const FRONT_ENDS = ['shell', ...REMOTES];
/** SQL naming the passages table or its derived term tables (an esquery regular expression). */
const PASSAGES_SQL = String.raw`/\b(FROM|JOIN|INTO|UPDATE)\s+passages\b|term_(stats|top|sample)/i`;

/**
 * An import naming one of `folders` as a whole path segment, relative (`../../shell/src/x`) or
 * as a workspace package (`remote-forms/src/x`); `./shellLanguage` does not match.
 */
function segments(folders, message) {
  return { regex: `(^|/)(${folders.join('|')})(/|$)`, message };
}

/**
 * `no-restricted-imports` for the files of `files` (minus `ignores`): imports matching `patterns`;
 * `typedPatterns` go to typescript-eslint's version of the rule, which can allow type-only imports.
 */
function boundary(files, patterns, ignores = [], typedPatterns = []) {
  const rules = { 'no-restricted-imports': ['error', { patterns }] };
  if (typedPatterns.length > 0) rules['@typescript-eslint/no-restricted-imports'] = ['error', { patterns: typedPatterns }];
  return { files, ignores, rules };
}

/**
 * The design tokens are @kb/contracts 1.5 exports: from the shared singleton a remote would get
 * the shell's copy, which may be older (docs/operations.md "Changing @kb/contracts"). The
 * subpath `@kb/contracts/tokens` is outside the shared scope, so webpack bundles it.
 */
const TOKENS_FROM_SUBPATH = {
  regex: '^@kb/contracts$',
  importNames: ['COLORS', 'TEXT_CONTRAST_PAIRS', 'NON_TEXT_CONTRAST_PAIRS', 'SPACE', 'RADII', 'FONTS', 'FONT_SIZES', 'LINE_HEIGHT', 'BREAKPOINTS', 'NARROW_SCREEN_QUERY', 'FOCUS_RING', 'focusRingCss', 'tokens'],
  message: "A remote imports the design tokens from '@kb/contracts/tokens' (bundled at build time), not from the shared singleton an older shell provides.",
};

/**
 * The shell shares React Router's declarative API only (tooling/router-api.mjs): a name outside it
 * would be undefined in the page, whichever remote imports it.
 */
const DECLARATIVE_ROUTER = {
  regex: '^react-router(-dom)?$',
  allowImportNames: [...ROUTER_API],
  // Types are erased at build time, so any of React Router's types may be imported.
  allowTypeImports: true,
  message: 'The shared router is React Router\'s declarative API (tooling/router-api.mjs); data-router and server APIs are not in the shared scope.',
};

// Each file gets one boundary block (flat config replaces a rule's options, not merges them).
const boundaries = [
  boundary(
    [`packages/contracts/${SOURCES}`],
    [segments([...FRONT_ENDS, 'server'], '@kb/contracts is imported by every part and imports none of them.')],
  ),
  boundary(
    [`shell/${SOURCES}`],
    [segments(REMOTES, "The shell never imports a remote's source; it loads the remote's federated modules at run time.")],
    [],
    [DECLARATIVE_ROUTER],
  ),
  ...REMOTES.map((remote) =>
    boundary(
      [`${remote}/${SOURCES}`],
      [
        segments(FRONT_ENDS.filter((f) => f !== remote), 'A remote never imports the shell or another remote; share code through @kb/contracts.'),
        TOKENS_FROM_SUBPATH,
      ],
      [],
      [DECLARATIVE_ROUTER],
    ),
  ),
  boundary(
    [`server/src/passages/${SOURCES}`],
    [segments(FRONT_ENDS, 'The server never imports front-end code; it serves build outputs.')],
  ),
  boundary(
    [`server/${SOURCES}`],
    [
      segments(FRONT_ENDS, 'The server never imports front-end code; it serves build outputs.'),
      { regex: '(^|/)passages/internal(/|$)', message: "passages/internal is passages/'s own SQL; import passages/'s public modules." },
    ],
    [`server/src/passages/${SOURCES}`],
  ),
  {
    // passages/ owns every SQL statement on the passages table and the tables derived from it.
    files: ['server/**/*.{ts,js,mjs}'],
    ignores: ['server/src/passages/**', '**/*.test.ts', 'server/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[`Literal[value=${PASSAGES_SQL}]`, `TemplateElement[value.raw=${PASSAGES_SQL}]`].map((selector) => ({
          selector,
          message: 'SQL on passages or term_stats/term_top/term_sample belongs in server/src/passages/.',
        })),
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: ['**/*.test.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  ...boundaries,
);
