import { nonceMeta, withNonceMeta } from './document';

const META = '<meta property="csp-nonce" nonce="abc+/==">';

describe('the nonce written into a page', () => {
  it('comes first in <head>, before anything the head loads', () => {
    expect(withNonceMeta('<!doctype html><html lang="en"><head><script src="/a.js"></script></head><body></body></html>', 'abc+/==')).toBe(
      `<!doctype html><html lang="en"><head>${META}<script src="/a.js"></script></head><body></body></html>`,
    );
    expect(withNonceMeta('<HTML><HEAD data-x="1"><title>t</title></HEAD></HTML>', 'abc+/==')).toBe(
      `<HTML><HEAD data-x="1">${META}<title>t</title></HEAD></HTML>`,
    );
  });

  it('still reaches a page without a <head> tag, where the parser puts it into the implied head', () => {
    expect(withNonceMeta('<!doctype html><html><body>x</body></html>', 'abc+/==')).toBe(`<!doctype html><html>${META}<body>x</body></html>`);
    expect(withNonceMeta('<!doctype html><p>frame</p>', 'abc+/==')).toBe(`<!doctype html>${META}<p>frame</p>`);
    expect(withNonceMeta('<p>frame</p>', 'abc+/==')).toBe(`${META}<p>frame</p>`);
  });

  it('refuses a nonce that could leave its attribute', () => {
    expect(() => nonceMeta('x" onload="alert(1)')).toThrow(/base64/);
  });
});
