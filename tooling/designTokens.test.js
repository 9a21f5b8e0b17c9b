/**
 * One design system (issue 21): colours are written once, in @kb/contracts' tokens.ts. Every
 * other source file of the shell, the remotes and the server takes them from the tokens, so a
 * hex colour written anywhere else is a second palette in the making.
 */
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const SCANNED = ['shell/src', 'remote-knowledge/src', 'remote-assistant/src', 'remote-forms/src', 'server/src'];
/** The tokens themselves, and files another branch owns (their colours move to the tokens when it lands). */
const ALLOWED = new Set(['shell/src/federation/RemoteBoundary.tsx']);
/** `#rgb`, `#rrggbb`, `#rrggbbaa` not part of a word (`#v-2-153`, `&#8203;` do not match). */
const HEX_COLOUR = /(?<![\w&])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3})(?![\w-])/gi;

/** The source files (.ts, .tsx) under `dir`, tests excluded, as repository-relative paths. */
function sources(dir) {
  return fs.readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));
}

describe('design tokens', () => {
  it('finds hex colours the way the scan below does', () => {
    expect('color: #fff; background: #0f4c45; a[href="#v-2-153"]; &#8203;'.match(HEX_COLOUR)).toEqual(['#fff', '#0f4c45']);
  });

  it('leaves no hex colour in the apps and the server outside the tokens', () => {
    const stray = SCANNED.flatMap(sources)
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => (fs.readFileSync(path.join(repoRoot, file), 'utf8').match(HEX_COLOUR) ?? []).map((hex) => `${file}: ${hex}`));
    expect(stray).toEqual([]);
  });
});
