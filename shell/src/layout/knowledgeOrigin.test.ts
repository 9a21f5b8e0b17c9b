import { chatHref, knowledgeAppOrigin } from './knowledgeOrigin';

const at = (origin: string): Pick<Location, 'protocol' | 'hostname' | 'port' | 'origin'> => {
  const u = new URL(origin);
  return { protocol: u.protocol, hostname: u.hostname, port: u.port, origin: u.origin };
};

describe('knowledge application origin', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:7860'],
    ['https://kb.example.org:3000', 'https://kb.example.org:7860'],
    ['http://localhost:7860', 'http://localhost:7860'],
    ['https://kb.example.org', 'https://kb.example.org'],
    ['http://127.0.0.1:43211', 'http://127.0.0.1:43211'],
  ])('%s → %s', (origin, expected) => {
    expect(knowledgeAppOrigin(at(origin))).toBe(expected);
  });

  it('uses an explicit override', () => {
    expect(knowledgeAppOrigin(at('http://localhost:3000'), 'https://ask.example.org/')).toBe('https://ask.example.org');
  });

  it('carries the language across origins and stays relative on the same origin', () => {
    expect(chatHref(at('http://localhost:3000'), 'tr')).toBe('http://localhost:7860/chat?lang=tr');
    expect(chatHref(at('http://localhost:7860'), 'en')).toBe('/chat?lang=en');
  });

  it("carries the visitor's bucket across origins, as it carries the language", () => {
    expect(chatHref(at('http://localhost:3000'), 'tr', null, 90)).toBe('http://localhost:7860/chat?lang=tr&bucket=90');
    expect(chatHref(at('http://localhost:7860'), 'en', null, 90)).toBe('/chat?lang=en');
  });
});
