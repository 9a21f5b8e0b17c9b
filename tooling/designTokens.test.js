/**
 * One design system (issue 21): colours and the 768 px breakpoint are written once, in
 * @kb/contracts' tokens.ts. Every other source file of the shell, the remotes and the server
 * takes them from the tokens, so a hex colour or a 768 px media query written anywhere else is
 * a second palette, or a third breakpoint, in the making.
 */
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const SCANNED = ['shell/src', 'remote-knowledge/src', 'remote-assistant/src', 'remote-forms/src', 'server/src'];
/** Files allowed to write their own values (none: the tokens file is outside the scanned folders). */
const ALLOWED = new Set([]);
/** `#rgb`, `#rrggbb`, `#rrggbbaa` not part of a word (`#v-2-153`, `&#8203;` do not match). */
const HEX_COLOUR = /(?<![\w&])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3})(?![\w-])/gi;

/**
 * The menu breakpoint written out: `768px`, `767px`, `767.98px`, `48em` (= 768 px) or a bare
 * 768/767 compared with a width (`innerWidth < 768`). Take `BREAKPOINTS.menu` or
 * `NARROW_SCREEN_QUERY` from the tokens instead.
 */
const BREAKPOINT_768 = /\b(?:76[78](?:\.\d+)?px|48em)\b|(?:[<>]=?|===?)\s*76[78]\b|\b76[78]\s*(?:[<>]=?|===?)/g;

/** A colour function (`rgb(…)`, `rgba(…)`, `hsl(…)`): shadows and backdrops are tokens too (SHADOWS, BACKDROP). */
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?)\(/g;
/** pdf.js's text layer: its selection tint and the drawn page's shadow are pdf.js's own look. */
const COLOUR_FUNCTION_ALLOWED = new Set(['remote-assistant/src/preview/PdfView.tsx']);

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

  it('finds the 768 px breakpoint the way the scan below does', () => {
    const css = '@media (max-width: 767.98px) {} @media (min-width: 768px) {} (max-width: 48em) if (innerWidth < 768) max-width: 48rem; 1768px';
    expect(css.match(BREAKPOINT_768)).toEqual(['767.98px', '768px', '48em', '< 768']);
  });

  it('leaves no written-out 768 px breakpoint in the apps and the server', () => {
    const stray = SCANNED.flatMap(sources)
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => (fs.readFileSync(path.join(repoRoot, file), 'utf8').match(BREAKPOINT_768) ?? []).map((hit) => `${file}: ${hit}`));
    expect(stray).toEqual([]);
  });

  it('leaves no rgb()/hsl() colour (a shadow, a backdrop) in the apps and the server outside the tokens', () => {
    expect('box-shadow: 0 2px 10px rgb(0 0 0 / 4%); background: rgba(10, 54, 49, 0.55); color: hsl(0 0% 0%)'.match(COLOUR_FUNCTION)).toHaveLength(3);
    const stray = SCANNED.flatMap(sources)
      .filter((file) => !COLOUR_FUNCTION_ALLOWED.has(file))
      .flatMap((file) => (fs.readFileSync(path.join(repoRoot, file), 'utf8').match(COLOUR_FUNCTION) ?? []).map((hit) => `${file}: ${hit}`));
    expect(stray).toEqual([]);
  });

  it('leaves no hex colour in the apps and the server outside the tokens', () => {
    const stray = SCANNED.flatMap(sources)
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => (fs.readFileSync(path.join(repoRoot, file), 'utf8').match(HEX_COLOUR) ?? []).map((hex) => `${file}: ${hex}`));
    expect(stray).toEqual([]);
  });
});
