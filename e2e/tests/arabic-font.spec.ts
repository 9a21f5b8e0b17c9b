import { expect, test, type CDPSession, type Page } from '@playwright/test';

/**
 * Arabic renders in the shipped web font (Amiri, @fontsource/amiri), not in whatever the
 * machine has (often nothing: empty boxes). Chromium is asked, through the DevTools protocol's
 * `CSS.getPlatformFontsForNode`, which fonts it actually drew an Arabic passage's glyphs
 * with: on a reading page, in an answer's source card on /chat and in a /search result card
 * (both in the assistant frame). Every glyph must come from the web font.
 */

/** One font Chromium drew some of a node's glyphs with. */
interface PlatformFont {
  familyName: string;
  postScriptName?: string;
  isCustomFont: boolean;
  glyphCount: number;
}

interface DomNode {
  nodeId: number;
  nodeName: string;
  attributes?: string[];
  children?: DomNode[];
  contentDocument?: DomNode;
}

/** The DOM node of the frame page's document (`/assistant/…`), found through the page's iframes. */
function frameDocument(node: DomNode): DomNode | undefined {
  if (node.nodeName === 'IFRAME' && node.contentDocument) {
    const src = node.attributes?.[node.attributes.indexOf('src') + 1] ?? '';
    if (src.startsWith('/assistant/')) return node.contentDocument;
  }
  for (const child of [...(node.children ?? []), ...(node.contentDocument ? [node.contentDocument] : [])]) {
    const found = frameDocument(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * The fonts Chromium used for the first element matching `selector` (in the assistant frame's
 * document when `inFrame`), once the web font has loaded.
 */
async function fontsUsedFor(page: Page, selector: string, inFrame: boolean): Promise<PlatformFont[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
    const scope = inFrame ? frameDocument(root) : root;
    if (!scope) throw new Error('The page has no assistant frame document');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: scope.nodeId, selector });
    if (!nodeId) throw new Error(`No element matches ${selector}`);
    const { fonts } = (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })) as { fonts: PlatformFont[] };
    return fonts;
  } finally {
    await cdp.detach();
  }
}

/** Waits until the document has loaded the Amiri face and drawn with it. */
async function amiriLoaded(target: Pick<Page, 'evaluate'>): Promise<void> {
  await expect
    .poll(() => target.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Amiri' && f.status === 'loaded')))
    .toBe(true);
}

/** Every glyph of the passage is drawn by the shipped Amiri (a web font, not a system one). */
function expectAllAmiri(fonts: PlatformFont[]): void {
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.map(({ familyName, isCustomFont }) => ({ familyName, isCustomFont }))).toEqual([{ familyName: 'Amiri', isCustomFont: true }]);
  expect(fonts[0]?.glyphCount).toBeGreaterThan(20);
}

test('a reading page draws the Arabic of the cited verse in the shipped Amiri', async ({ page }) => {
  const fontResponses: { url: string; status: number; type: string }[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/fonts/')) fontResponses.push({ url: res.url(), status: res.status(), type: res.headers()['content-type'] ?? '' });
  });
  await page.goto('/read/quran/2%3A255?lang=tr');
  const arabic = page.locator('li[aria-current="true"] p[lang="ar"]');
  await expect(arabic).toBeVisible();
  await amiriLoaded(page);
  expectAllAmiri(await fontsUsedFor(page, 'li[aria-current="true"] p[lang="ar"]', false));
  // Served by the site itself (font-src 'self'), under a content-hashed name.
  expect(fontResponses).toContainEqual({
    url: expect.stringMatching(/\/fonts\/amiri-arabic-400-normal\.[0-9a-f]{8}\.woff2$/),
    status: 200,
    type: 'font/woff2',
  });
});

for (const { name, path } of [
  { name: 'an answer’s source card on /chat', path: '/chat?lang=en&q=What%20does%20the%20Quran%20say%20about%20patience%3F' },
  { name: 'a result card on /search', path: '/search?lang=en&q=patience' },
]) {
  test(`the assistant frame draws the Arabic original in ${name} in the shipped Amiri`, async ({ page }) => {
    await page.goto(path);
    const frame = page.frameLocator('iframe[src^="/assistant/"]');
    const original = frame.locator('p[lang="ar"]').first();
    await expect(original).toBeVisible();
    const frameDoc = page.frames().find((f) => new URL(f.url()).pathname.startsWith('/assistant/'));
    if (!frameDoc) throw new Error('no assistant frame');
    await amiriLoaded(frameDoc);
    expectAllAmiri(await fontsUsedFor(page, 'p[lang="ar"]', true));
  });
}
