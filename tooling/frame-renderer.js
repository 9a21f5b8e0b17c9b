/**
 * The assistant frame's renderer: the React modules its build resolves to Preact's compat
 * layer (remote-assistant/webpack.config.js, as exact-match aliases) and its jest project maps
 * the same way (jest.config.js). The frame is a document of its own, outside the shared scope,
 * so the rest of the site keeps React. Measured in docs/performance.md, "The frame on Preact".
 *
 * @type {Readonly<Record<string, string>>} module request → the Preact module standing in for it
 */
const FRAME_RENDERER = Object.freeze({
  react: 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
});

module.exports = { FRAME_RENDERER };
