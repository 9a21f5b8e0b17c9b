/**
 * One jest run over every workspace. Front-end workspaces run in jsdom; the server, the
 * contracts' pure helpers and the repository's tooling (tooling/) in node. TypeScript is
 * compiled by @swc/jest; `@kb/contracts` resolves to its sources so tests never need a prior
 * build.
 */
const path = require('node:path');
const { FRAME_RENDERER } = require('./tooling/frame-renderer');

const root = (...parts) => path.join(__dirname, ...parts);

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: {
    '^@kb/contracts$': root('packages/contracts/src/index.ts'),
    '^@kb/contracts/tokens$': root('packages/contracts/src/tokens.ts'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

function web(name) {
  return {
    ...common,
    displayName: name,
    rootDir: root(name),
    testEnvironment: 'jsdom',
    setupFilesAfterEnv: [root('tooling/jest.setup.web.js')],
    moduleNameMapper: {
      ...common.moduleNameMapper,
      '\\.(css)$': root('tooling/style-stub.js'),
      '\\.(woff2)$': root('tooling/file-stub.js'),
    },
  };
}

/**
 * The assistant frame renders through Preact's compat layer (tooling/frame-renderer.js): its
 * tests render through the same, with @testing-library/react on top (its `act` from
 * preact/test-utils).
 */
const frameRenderer = {
  ...Object.fromEntries(Object.entries(FRAME_RENDERER).map(([request, module]) => [`^${request}$`, module])),
  '^react-dom/test-utils$': 'preact/test-utils',
};

const assistant = web('remote-assistant');

module.exports = {
  // Opening PGlite (PostgreSQL in WASM) takes seconds on a busy 2-core machine; hooks that open
  // a database must not fail on jest's 5 s default.
  testTimeout: 60_000,
  projects: [
    { ...web('packages/contracts'), displayName: 'contracts' },
    web('shell'),
    web('remote-knowledge'),
    { ...assistant, testPathIgnorePatterns: [...common.testPathIgnorePatterns, '/src/frame/'] },
    {
      ...assistant,
      displayName: 'assistant-frame',
      roots: [root('remote-assistant/src/frame')],
      // Preact 11 ships ES modules only: compiled like our own code.
      transform: { ...common.transform, '^.+\\.mjs$': swc },
      transformIgnorePatterns: ['/node_modules/(?!preact/)'],
      moduleNameMapper: { ...frameRenderer, ...assistant.moduleNameMapper },
    },
    web('remote-forms'),
    {
      ...common,
      displayName: 'server',
      rootDir: root('server'),
      testEnvironment: 'node',
    },
    {
      // The repository's own tooling: lint boundaries, the scripts' command lines.
      ...common,
      displayName: 'tooling',
      rootDir: root('tooling'),
      testEnvironment: 'node',
    },
  ],
};
