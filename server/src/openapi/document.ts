import { CLIENT_EVENT_TYPES, CONTACT_CATEGORIES, MAX_QUESTION_CHARS, RELEASE_VERSION_PATTERN, REMOTES } from '@kb/contracts';
import { sourcesOpenApi } from '../sources/openapi.js';
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET, MAX_QUERY_CHARS } from '../search/routes.js';
import { STATS_CACHE_CONTROL } from '../stats/routes.js';
import { VERSE_CACHE_CONTROL } from '../verses/routes.js';

/**
 * The site's OpenAPI 3.1 document (`GET /openapi.json`): every route Express serves, with the
 * JSON shapes of `@kb/contracts` as closed schemas (`additionalProperties: false`), so the
 * contract test (`contract.test.ts`) notices any drift between the routers and this text. The
 * sources catalog's fragment (`sources/openapi.ts`) is merged in.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema, description: string): Schema => ({ description, content: { 'application/json': { schema } } });
const html = (description: string): Schema => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });
const error = (description: string): Schema => json(ref('ApiError'), description);
const closed = (required: string[], properties: Record<string, Schema>): Schema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});
const query = (name: string, description: string, schema: Schema, required = false): Schema => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});
const pathParam = (name: string, description: string, schema: Schema): Schema => ({ name, in: 'path', required: true, description, schema });

const LANG_CODE: Schema = { type: 'string', pattern: '^[a-z]{2,3}$', examples: ['en'] };
const SOURCE_ID: Schema = { type: 'string', pattern: '^[a-z0-9-]{1,40}$', examples: ['quran'] };

const schemas: Record<string, Schema> = {
  ApiError: closed(['success', 'error'], {
    success: { const: false },
    error: { type: 'string', description: 'A short English sentence for developers.' },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field-level problems of a form.' },
  }),
  SearchHit: closed(['id', 'source', 'ref', 'lang', 'text', 'highlight', 'score', 'url'], {
    id: { type: 'string', examples: ['quran:en:2:255'] },
    source: SOURCE_ID,
    ref: { type: 'string', description: 'Verse reference.', examples: ['2:255', 'John 3:16'] },
    lang: LANG_CODE,
    text: { type: 'string', description: 'The passage exactly as the source has it.' },
    highlight: { type: 'string', description: 'The text as HTML: matched words in `<mark>`, everything else escaped.' },
    score: { type: 'number', description: 'Relevance; higher is better, comparable within one response.' },
    url: { type: ['string', 'null'], description: 'The reading page of the passage.', examples: ['/read/quran/2%3A255'] },
  }),
  SearchResponse: closed(['query', 'total', 'hits'], {
    query: { type: 'string' },
    total: {
      type: 'integer',
      minimum: 0,
      description:
        'Matching passages over all pages. Exact, except on the first 100 hits of a query without `source` whose ' +
        'words could match more than 5,000 passages (their per-word document frequencies summed): there an estimate ' +
        'from a fixed sample of 1/64 of the language’s passages (kept between the most frequent word’s count and the ' +
        'sum of all); pages further in give the exact count.',
    },
    hits: { type: 'array', items: ref('SearchHit') },
  }),
  AskRequest: closed(['question', 'lang'], {
    question: { type: 'string', minLength: 1, maxLength: MAX_QUESTION_CHARS },
    lang: {
      type: 'string',
      enum: ['en', 'tr'],
      description: "The interface's language. The answer is written in the question's own language, detected from its text, and in this one only when the text is ambiguous.",
    },
    source: { oneOf: [SOURCE_ID, { type: 'null' }], description: 'Answer from this source only. Without it, the source the question names (\'What does the Bible say about patience?\' searches the Bible), else `quran`.' },
  }),
  Citation: closed(['n', 'source', 'ref', 'lang', 'text', 'translator'], {
    n: { type: 'integer', minimum: 1 },
    source: SOURCE_ID,
    ref: { type: 'string', examples: ['2:153', '2:255-257', 'John 3:16'] },
    lang: LANG_CODE,
    text: { type: 'string', description: 'The quoted passage, unaltered (adjacent verses joined by a space; a text a translation gives for several verses, once).' },
    translator: { type: 'string' },
    original: closed(['lang', 'text'], { lang: { const: 'ar' }, text: { type: 'string' } }),
    url: { type: 'string', description: 'The reading page.' },
    verses: {
      type: 'array',
      minItems: 2,
      description:
        'For adjacent verses joined in one citation: each verse apart, in reading order; verses a translation gives one text for are one entry (`2:45-46`), quoted once. Their texts joined by a space are `text`.',
      items: closed(['ref', 'text'], {
        ref: { type: 'string', examples: ['2:153', '2:45-46', 'John 3:16'] },
        text: { type: 'string' },
        original: { type: 'string', description: 'The verse\'s Arabic original (the originals joined, for verses translated as one), when the citation has one.' },
      }),
    },
  }),
  Answer: closed(['answer', 'citations', 'mode', 'refused', 'related', 'lang'], {
    answer: { type: 'string', description: 'The answer in `lang`, with `[n]` markers matching `citations`.' },
    citations: { type: 'array', items: ref('Citation') },
    mode: { type: 'string', enum: ['extractive', 'generative'] },
    refused: { type: 'boolean', description: 'True when nothing in the sources relates to the question; then `citations` is empty.' },
    related: {
      type: 'boolean',
      description: 'True when the citations are only the closest passages, not an answer; `answer` then begins by saying so plainly.',
    },
    lang: { type: 'string', enum: ['en', 'tr'], description: "The language the answer is written in: the question's own, or the request's `lang` when the text is ambiguous." },
  }),
  VerseText: closed(['lang', 'text', 'translator'], { lang: LANG_CODE, text: { type: 'string' }, translator: { type: 'string' } }),
  VerseResponse: closed(['ref', 'surah', 'ayah', 'surahName', 'arabic', 'translations', 'url'], {
    ref: { type: 'string', examples: ['2:255'] },
    surah: { type: 'integer', minimum: 1, maximum: 114 },
    ayah: { type: 'integer', minimum: 1 },
    surahName: closed(['en', 'tr', 'ar'], { en: { type: 'string' }, tr: { type: 'string' }, ar: { type: 'string' } }),
    arabic: ref('VerseText'),
    translations: { type: 'array', items: ref('VerseText') },
    url: { type: 'string' },
  }),
  StatsResponse: closed(['passages', 'languages', 'sources'], {
    passages: { type: 'integer', minimum: 0 },
    languages: { type: 'integer', minimum: 0 },
    sources: {
      type: 'array',
      items: closed(['source', 'passages', 'languages'], {
        source: SOURCE_ID,
        passages: { type: 'integer', minimum: 0 },
        languages: {
          type: 'array',
          items: closed(['lang', 'passages', 'translators'], {
            lang: LANG_CODE,
            passages: { type: 'integer', minimum: 0 },
            translators: { type: 'array', items: { type: 'string' } },
          }),
        },
      }),
    },
  }),
  Organisation: closed(['name', 'address', 'email'], {
    name: { type: 'string' },
    address: { type: 'array', items: { type: 'string' } },
    email: { type: 'string' },
    phone: { type: 'string' },
  }),
  SiteInfo: closed(['owner', 'builder', 'contactEmail', 'knowledgeAppOrigin', 'previewAllowedOrigins'], {
    owner: ref('Organisation'),
    builder: ref('Organisation'),
    contactEmail: { type: 'string' },
    knowledgeAppOrigin: { type: ['string', 'null'] },
    previewAllowedOrigins: { type: 'array', items: { type: 'string' }, description: 'Origins whose documents /preview may show.' },
  }),
  FormSuccess: closed(['success'], { success: { const: true } }),
  NewsletterRequest: {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string', maxLength: 255 }, website: { type: 'string', description: 'Leave empty.' } },
  },
  ContactRequest: {
    type: 'object',
    required: ['firstName', 'lastName', 'email', 'category', 'description'],
    properties: {
      firstName: { type: 'string', minLength: 2, maxLength: 50 },
      lastName: { type: 'string', minLength: 2, maxLength: 50 },
      companyName: { type: 'string', maxLength: 100 },
      phone: { type: 'string' },
      email: { type: 'string', maxLength: 255 },
      category: { type: 'string', enum: [...CONTACT_CATEGORIES] },
      description: { type: 'string', minLength: 10, maxLength: 1000 },
      website: { type: 'string', description: 'Leave empty.' },
    },
  },
  Health: closed(['status'], { status: { type: 'string', enum: ['ok', 'ready'] } }),
  NotReady: closed(['status', 'reason'], { status: { const: 'not-ready' }, reason: { type: 'string' } }),
  ClientEvent: closed(['type', 'remote', 'version'], {
    type: { type: 'string', enum: [...CLIENT_EVENT_TYPES] },
    remote: { type: 'string', enum: Object.keys(REMOTES) },
    version: { type: 'string', pattern: '^[0-9A-Za-z][0-9A-Za-z.+-]{0,60}-[0-9a-f]{8}$', examples: ['1.0.0-1a2b3c4d'] },
  }),
  RemoteHealth: closed(['status', 'checkedAt', 'releases'], {
    status: {
      type: 'string',
      enum: ['ok', 'failing', 'unchecked'],
      description: '`ok` when every live release passed the last check (also when none is live); `unchecked` before the first.',
    },
    checkedAt: { type: ['string', 'null'], description: 'When the last check finished (ISO 8601).' },
    releases: {
      type: 'array',
      items: closed(['name', 'version', 'role', 'state', 'checkedAt'], {
        name: { type: 'string', enum: Object.keys(REMOTES) },
        version: { type: 'string' },
        role: { type: 'string', enum: ['active', 'canary'] },
        state: { type: 'string', enum: ['ok', 'failing'] },
        problem: { type: 'string', description: 'What failed, e.g. `remoteEntry.js is missing`.' },
        checkedAt: { type: 'string', description: 'When this release was checked (ISO 8601).' },
      }),
    },
  }),
  RemotesManifest: closed(['remotes'], {
    remotes: {
      type: 'array',
      items: closed(['name', 'version', 'entry'], { name: { type: 'string' }, version: { type: 'string' }, entry: { type: 'string' } }),
    },
    preview: {
      ...closed(['release', 'available'], {
        release: { type: 'string', description: 'The requested release, `<name>@<version>`.', examples: ['assistant@0.1.0-1a2b3c4d'] },
        available: {
          type: 'boolean',
          description:
            '`true`: published and verified, and `remotes` lists it in place of its remote\'s active release; `false`: not published or failed verification, and `remotes` is the normal answer.',
        },
      }),
      description: 'Only with `?release=`: what became of the requested release.',
    },
  }),
  ...(sourcesOpenApi.schemas as unknown as Record<string, Schema>),
};

const tooMany = error('Rate limited (per client IP and route group).');

/** Headers of an answer the response cache may keep (docs/performance.md, "The response cache"). */
const cacheHeaders = (etag: boolean): Schema => ({
  'X-Cache': {
    description: '`hit`: served from the server\'s memory (kept for the corpus version); `miss`: computed for this request. Absent when the cache is off (`SEARCH_CACHE=off`).',
    schema: { type: 'string', enum: ['hit', 'miss'] },
  },
  ...(etag ? { ETag: { description: 'Weak validator `W/"<corpus version>-<hash>"`: a corpus change changes it.', schema: { type: 'string' } } } : {}),
});
const notModified: Schema = { description: 'Not modified (`If-None-Match` matched the `ETag`).' };

const paths: Record<string, Schema> = {
  '/api/search': {
    get: {
      operationId: 'search',
      tags: ['Search'],
      summary: 'Full-text search over the passages',
      description:
        'A query that is a verse reference (`2:255`, `Bakara 255`, `Al-Baqarah 255`, `Ayetel Kürsi`, `John 3:16`, `Yuhanna 3:16`) ' +
        'answers those verses. Otherwise the query\'s words are matched with OR (stemmed per language, stopwords dropped, the last word ' +
        'also as a prefix) and passages matching more of them come first. `lang=all` searches every language. ' +
        'Pages are kept in memory per parsed request and corpus version (`X-Cache`); `Cache-Control: no-store`.',
      parameters: [
        query('q', `The query, 1–${MAX_QUERY_CHARS} characters.`, { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS, examples: ['patience'] }, true),
        query('lang', 'Language of the passages, or `all`.', { type: 'string', pattern: '^(all|[a-z]{2,3})$', default: 'all', examples: ['en'] }),
        query('source', 'Only this source.', SOURCE_ID),
        query('limit', 'Hits per page.', { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }),
        query('offset', 'Hits to skip.', { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 }),
      ],
      responses: {
        '200': { ...json(ref('SearchResponse'), 'One page of hits.'), headers: cacheHeaders(true) },
        '304': notModified,
        '400': error('An invalid parameter.'),
        '429': tooMany,
        '503': error('Busy: the expected wait in the per-client queue passes its limit, or the database is restarting. `Retry-After` says when to try again.'),
      },
    },
  },
  '/api/ask': {
    post: {
      operationId: 'ask',
      tags: ['Answers'],
      summary: 'Answer a question from the sources, with citations',
      description:
        'Quotes the passages that answer the question, each credited; or, when the closest passages match only part of it, ' +
        'quotes them as related passages (`related: true`, the text says so first); or refuses (`refused: true`) when nothing ' +
        'in the sources relates. The answer is written in the question\'s own language (`lang`). A source with no passages in ' +
        'that language is searched in its own, and the answer says so; a Turkish question about an English-only source (the KJV) ' +
        'is searched with its words carried into English. ' +
        'With `Accept: text/event-stream` the answer streams as Server-Sent Events: `meta` `{ mode }`, one `citation` per ' +
        'citation, `delta` `{ text }` pieces of the answer, then `done` (the whole answer object, authoritative) or `error` ' +
        '`{ error }`. The question is neither stored nor logged; in generative mode it is sent to the configured model endpoint. ' +
        'Answers are kept in memory per question, language, source and corpus version (never who asked); a kept one is streamed ' +
        'event by event like a new one.',
      requestBody: { required: true, content: { 'application/json': { schema: ref('AskRequest') } } },
      responses: {
        '200': {
          description: 'The answer object, or its event stream.',
          headers: cacheHeaders(false),
          content: {
            'application/json': { schema: ref('Answer') },
            'text/event-stream': { schema: { type: 'string' } },
          },
        },
        '400': error('An invalid body.'),
        '403': error('A request from another origin.'),
        '413': error('A body over 16 KB.'),
        '415': error('A body that is not JSON.'),
        '429': tooMany,
        '503': error('Busy: the expected wait in the per-client queue (shared with searches) passes its limit, or the database is restarting. `Retry-After` says when to try again.'),
      },
    },
  },
  ...(sourcesOpenApi.paths as unknown as Record<string, Schema>),
  '/api/site': {
    get: {
      operationId: 'siteInfo',
      tags: ['Site'],
      summary: "The site's public facts (About page, footer)",
      responses: { '200': json(ref('SiteInfo'), 'The facts.'), '400': error('A query parameter given twice or not as text.'), '429': tooMany },
    },
  },
  '/api/verses/{surah}/{ayah}': {
    get: {
      operationId: 'verse',
      tags: ['Open data'],
      summary: 'One Quran verse: the Arabic and its translations, each credited',
      description: `Strong \`ETag\`; \`If-None-Match\` gets 304. \`Cache-Control: ${VERSE_CACHE_CONTROL}\`.`,
      parameters: [
        pathParam('surah', 'Surah number.', { type: 'integer', minimum: 1, maximum: 114, examples: [2] }),
        pathParam('ayah', 'Ayah number within the surah.', { type: 'integer', minimum: 1, maximum: 286, examples: [255] }),
        query('translations', 'Comma-separated language codes (default: all).', { type: 'string', pattern: '^[a-z]{2,3}(,[a-z]{2,3})*$', examples: ['en,tr'] }),
      ],
      responses: {
        '200': { ...json(ref('VerseResponse'), 'The verse.'), headers: { ETag: { schema: { type: 'string' } } } },
        '304': { description: 'Not modified (`If-None-Match` matched).' },
        '400': error('A surah or ayah that does not exist, or an unknown translation.'),
        '404': error('The verse is not loaded.'),
        '429': tooMany,
      },
    },
  },
  '/api/stats': {
    get: {
      operationId: 'stats',
      tags: ['Open data'],
      summary: 'Passages in the search index per source and language',
      description: `Counted once per corpus version. \`Cache-Control: ${STATS_CACHE_CONTROL}\`.`,
      responses: {
        '200': { ...json(ref('StatsResponse'), 'The counts.'), headers: cacheHeaders(true) },
        '304': notModified,
        '400': error('A query parameter given twice or not as text.'),
        '429': tooMany,
      },
    },
  },
  '/api/newsletter': {
    post: {
      operationId: 'subscribe',
      tags: ['Forms'],
      summary: 'Subscribe an e-mail address to the newsletter',
      requestBody: { required: true, content: { 'application/json': { schema: ref('NewsletterRequest') } } },
      responses: {
        '200': json(ref('FormSuccess'), 'Subscribed.'),
        '400': error('An invalid address.'),
        '403': error('A request from another origin.'),
        '415': error('A body that is not JSON.'),
        '429': tooMany,
      },
    },
  },
  '/api/contact': {
    post: {
      operationId: 'contact',
      tags: ['Forms'],
      summary: 'Send a contact message',
      requestBody: { required: true, content: { 'application/json': { schema: ref('ContactRequest') } } },
      responses: {
        '200': json(ref('FormSuccess'), 'Stored.'),
        '400': error('Invalid fields (`fields` names them).'),
        '403': error('A request from another origin.'),
        '415': error('A body that is not JSON.'),
        '429': tooMany,
      },
    },
  },
  '/api/client-events': {
    post: {
      operationId: 'clientEvent',
      tags: ['Operations'],
      summary: 'Report a remote that failed to load in the browser (counted in the metrics; nothing about the visitor is kept)',
      requestBody: { required: true, content: { 'application/json': { schema: ref('ClientEvent') } } },
      responses: {
        '204': { description: 'Counted.' },
        '400': error('An unknown type or remote, a malformed version or another field.'),
        '403': error('A request from another origin.'),
        '415': error('A body that is not JSON.'),
        '429': error('Rate limited (per client IP, the forms\' limit, counted apart from the forms).'),
      },
    },
  },
  '/fonts/{name}': {
    get: {
      operationId: 'fontFile',
      tags: ['Pages'],
      summary: "A font file of the site's own pages (the Arabic web font Amiri, SIL OFL 1.1)",
      description: 'Named `<file>.<hash>.woff2` after its content, so it is cached as immutable; any other name answers 404.',
      parameters: [pathParam('name', 'The file name with its content hash.', { type: 'string', examples: ['amiri-arabic-400-normal.1a2b3c4d.woff2'] })],
      responses: {
        '200': { description: 'The font.', content: { 'font/woff2': { schema: { type: 'string', format: 'binary' } } } },
        '404': { description: 'No such font file.' },
      },
    },
  },
  '/read/{source}/{ref}': {
    get: {
      operationId: 'readingPage',
      tags: ['Pages'],
      summary: 'Reading page of a passage: its context, the Arabic beside the translation, credits',
      description:
        'Each verse carries the id `v-<chapter>-<verse>`, so a fragment opens the page on it: `/read/quran/2%3A153#v-2-153`. The passage asked for is marked `aria-current="true"`.',
      parameters: [
        pathParam('source', 'Source id.', SOURCE_ID),
        pathParam('ref', 'Reference, URL-encoded; ranges as `2:255-257`.', { type: 'string', examples: ['2:255', 'John 3:16'] }),
        query('lang', 'Language of the page.', { type: 'string', enum: ['en', 'tr'], default: 'en' }),
      ],
      responses: { '200': html('The page.'), '400': html('A bad `lang`.'), '404': html('No such passage.') },
    },
  },
  '/unsubscribe': {
    get: {
      operationId: 'unsubscribePage',
      tags: ['Pages'],
      summary: 'Newsletter unsubscribe confirmation page (changes nothing)',
      parameters: [query('token', 'The token from the newsletter link.', { type: 'string' })],
      responses: { '200': html('The confirmation page.'), '404': html('Unknown token.') },
    },
    post: {
      operationId: 'unsubscribe',
      tags: ['Pages'],
      summary: 'Unsubscribe (form post from the confirmation page)',
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { token: { type: 'string' } } } } },
      },
      responses: { '200': html('Unsubscribed.'), '403': html('Another origin.'), '404': html('Unknown token.') },
    },
  },
  '/healthz': {
    get: { operationId: 'health', tags: ['Operations'], summary: 'Liveness', responses: { '200': json(ref('Health'), 'Alive.') } },
  },
  '/readyz': {
    get: {
      operationId: 'ready',
      tags: ['Operations'],
      summary: 'Readiness: database reachable and corpus loaded',
      responses: { '200': json(ref('Health'), 'Ready.'), '503': json(ref('NotReady'), 'Not ready.') },
    },
  },
  '/healthz/remotes': {
    get: {
      operationId: 'remoteHealth',
      tags: ['Operations'],
      summary: "Each live release's state, from the last background check (at start, at activation, every 60 s)",
      responses: {
        '200': json(ref('RemoteHealth'), 'Every live release passed the last check.'),
        '503': json(ref('RemoteHealth'), 'A release failed the last check, or no check ran yet.'),
      },
    },
  },
  '/remotes.json': {
    get: {
      operationId: 'remotes',
      tags: ['Operations'],
      summary: 'The release of each front-end remote a visitor gets: a canary for its share of buckets, else the active one (or, for a preview, one published release in its place)',
      description:
        'With `bucket` (the visitor\'s 0–99, kept by the browser): a remote running a canary at N % answers the canary to buckets ' +
        '100 − N … 99 and the active release to the others. Without it: the active releases. `Cache-Control: no-store`. ' +
        'The bucket is not logged.',
      parameters: [
        query('bucket', "The visitor's bucket.", { type: 'integer', minimum: 0, maximum: 99, examples: [42] }),
        query(
          'release',
          'Preview: `<name>@<version>` of any published, verified release, listed in place of that remote\'s active one (the site\'s `/?release=` link). Unpublished or unverified → the normal answer with `preview.available: false`.',
          { type: 'string', pattern: `^(${Object.keys(REMOTES).join('|')})@${RELEASE_VERSION_PATTERN.source.slice(1)}`, examples: ['assistant@0.1.0-1a2b3c4d'] },
        ),
      ],
      responses: {
        '200': json(ref('RemotesManifest'), 'The releases.'),
        '400': error('A bucket that is not a whole number from 0 to 99, or a `release` that is not `<name>@<version>` of a known remote (or given more than once).'),
      },
    },
  },
  '/robots.txt': {
    get: { operationId: 'robots', tags: ['Pages'], summary: 'robots.txt', responses: { '200': { description: 'Text.', content: { 'text/plain': { schema: { type: 'string' } } } } } },
  },
  '/sitemap.xml': {
    get: { operationId: 'sitemap', tags: ['Pages'], summary: 'The sitemap', responses: { '200': { description: 'XML.', content: { 'application/xml': { schema: { type: 'string' } } } } } },
  },
  '/openapi.json': {
    get: {
      operationId: 'openapi',
      tags: ['Open data'],
      summary: 'This document',
      responses: { '200': { description: 'OpenAPI 3.1.', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  },
  '/docs': { get: { operationId: 'swaggerUi', tags: ['Open data'], summary: 'Swagger UI over this document', responses: { '200': html('Swagger UI.') } } },
  '/redoc': { get: { operationId: 'redoc', tags: ['Open data'], summary: 'ReDoc over this document', responses: { '200': html('ReDoc.') } } },
};

/**
 * Builds the OpenAPI 3.1 document.
 *
 * @param serverUrl the site's public origin (`PUBLIC_ORIGIN`), listed as the server
 */
export function openApiDocument(serverUrl: string): Schema {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Knowledge base API',
      version: '1.0.0',
      description:
        'Open data of the knowledge base: search over the Quran (Arabic and ten translations) and the King James Bible, ' +
        'answers with citations, verses with their translators, and counts. Texts are never altered; credit the translator ' +
        'shown with each text. GET routes are open to any origin (CORS). Every response carries an `X-Request-Id` header ' +
        '(the caller\'s own, when it sent 1–64 characters of `[A-Za-z0-9._:-]`, else a new UUID); quote it when reporting a problem.',
      license: { name: 'Texts: see each translator; Quran data CC BY-SA 4.0 (quran-json), KJV public domain' },
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Search' },
      { name: 'Answers' },
      { name: 'Open data' },
      { name: 'Knowledge sources' },
      { name: 'Site' },
      { name: 'Forms' },
      { name: 'Pages' },
      { name: 'Operations' },
    ],
    paths,
    components: { schemas },
  };
}
