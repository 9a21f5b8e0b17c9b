/**
 * The router the shell shares (tooling/shared-router.mjs): exactly the names of
 * tooling/router-api.mjs, each a real export of the installed React Router, provided by the
 * host under both package names while a remote keeps the whole package as its fallback.
 */
const fs = require('node:fs');
const path = require('node:path');
const { commonConfig, sharedScope } = require('./federation');

/** The quoted names of a file's first `[ … ]` or `{ … }` list after `marker`. */
function namesAfter(file, marker, open, close) {
  const text = fs.readFileSync(path.join(__dirname, file), 'utf8');
  const start = text.indexOf(open, text.indexOf(marker));
  const body = text.slice(start + 1, text.indexOf(close, start));
  return body
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, '').trim())
    .flatMap((line) => line.split(','))
    .map((name) => name.trim().replace(/^'|'$/g, ''))
    .filter(Boolean);
}

const api = namesAfter('router-api.mjs', 'export const ROUTER_API', '[', ']');
const provided = namesAfter('shared-router.mjs', 'export {', '{', '}');

describe('the shared router', () => {
  it('re-exports exactly the names of router-api.mjs, once each', () => {
    expect(api.length).toBeGreaterThan(30);
    expect(new Set(api).size).toBe(api.length);
    expect([...provided].sort()).toEqual([...api].sort());
  });

  it('names only what the installed React Router exports', () => {
    const reactRouter = require('react-router');
    expect(api.filter((name) => !(name in reactRouter))).toEqual([]);
    // The data-router and server APIs stay out.
    for (const name of ['createBrowserRouter', 'RouterProvider', 'useFetcher', 'Form', 'createStaticHandler', 'createCookie']) {
      expect(name in reactRouter).toBe(true);
      expect(api).not.toContain(name);
    }
  });

  it('is what the host provides under both package names; a remote falls back to the whole package', () => {
    const host = sharedScope({ host: true });
    const remote = sharedScope();
    const { resolve } = commonConfig({ mode: 'production' });
    for (const name of ['react-router', 'react-router-dom']) {
      expect(host[name]).toMatchObject({ singleton: true });
      expect(resolve.alias[`${host[name].import}$`]).toBe(path.join(__dirname, 'shared-router.mjs'));
      expect(host[name].version).toBe(remote[name].version);
      expect(remote[name].import).toBeUndefined();
    }
  });
});
