/** The `knowledge` remote: exposes the /knowledge screen. */
const { remoteConfig } = require('../tooling/federation');

module.exports = (_env, argv) =>
  remoteConfig({
    name: 'knowledge',
    dir: __dirname,
    exposes: { './KnowledgePage': './src/knowledge/KnowledgePage.tsx' },
    devPort: 3101,
    mode: argv.mode || 'production',
  });
