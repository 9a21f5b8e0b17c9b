import { SOURCE_CATEGORIES } from '@kb/contracts';
import { DEFAULT_COUNTS_TTL_MS, SOURCES_CACHE_CONTROL } from './routes.js';

/**
 * The OpenAPI 3.1 description of `GET /api/sources`, for the site's document at
 * `/openapi.json`: merge `paths` into its paths and `schemas` into `components.schemas`.
 * Objects are closed (`additionalProperties: false`) so a contract test notices any drift
 * between this description and what the router answers.
 */
export const sourcesOpenApi = {
  paths: {
    '/api/sources': {
      get: {
        operationId: 'listSources',
        tags: ['Knowledge sources'],
        summary: 'The knowledge-source catalog',
        description:
          'The ten collections of the knowledge base with their texts in the requested language. ' +
          '`status` is `available` when the source has passages in the search index and `coming-soon` ' +
          `otherwise; \`indexedPassages\` is that number (over all languages, counted once per corpus version, or at most every ` +
          `${DEFAULT_COUNTS_TTL_MS / 1000} s with the response cache off). Answers carry \`Cache-Control: ${SOURCES_CACHE_CONTROL}\` ` +
          'and a weak `ETag` (a matching `If-None-Match` gets 304).',
        parameters: [
          {
            name: 'lang',
            in: 'query',
            required: false,
            description: 'Interface language of the texts.',
            schema: { type: 'string', enum: ['en', 'tr'], default: 'en' },
          },
        ],
        responses: {
          '200': {
            description: 'The catalog, in catalog order.',
            headers: {
              'Cache-Control': { schema: { type: 'string' }, description: SOURCES_CACHE_CONTROL },
              'Content-Language': { schema: { type: 'string', enum: ['en', 'tr'] } },
              ETag: { description: 'Weak validator `W/"<corpus version>-<hash>"`: a corpus change changes it.', schema: { type: 'string' } },
              'X-Cache': {
                description: '`hit`: served from the server\'s memory (kept for the corpus version); `miss`: computed for this request. Absent when the cache is off.',
                schema: { type: 'string', enum: ['hit', 'miss'] },
              },
            },
            content: { 'application/json': { schema: { $ref: '#/components/schemas/SourcesResponse' } } },
          },
          '304': { description: 'Not modified (`If-None-Match` matched the `ETag`).' },
          '400': {
            description: '`lang` is not `en` or `tr`.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['success', 'error'],
                  properties: { success: { const: false }, error: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
  schemas: {
    SourcesResponse: {
      type: 'object',
      additionalProperties: false,
      required: ['lang', 'sources'],
      properties: {
        lang: { type: 'string', enum: ['en', 'tr'] },
        sources: { type: 'array', items: { $ref: '#/components/schemas/KnowledgeSource' } },
      },
    },
    KnowledgeSource: {
      type: 'object',
      additionalProperties: false,
      required: [
        'id',
        'title',
        'description',
        'category',
        'icon',
        'status',
        'sourceCount',
        'tags',
        'detailedSources',
        'indexedPassages',
      ],
      properties: {
        id: { type: 'string', pattern: '^[a-z0-9-]{1,40}$', examples: ['quran'] },
        title: { type: 'string', examples: ['Quran'] },
        description: { type: 'string' },
        category: { type: 'string', enum: [...SOURCE_CATEGORIES] },
        icon: { type: 'string', description: 'Lucide icon name, kebab-case.', examples: ['book-open'] },
        status: { type: 'string', enum: ['available', 'coming-soon'] },
        sourceCount: { type: 'string', description: 'Size of the whole collection, as text.', examples: ['6,236 verses'] },
        tags: { type: 'array', items: { type: 'string' } },
        detailedSources: { type: 'array', items: { type: 'string' } },
        indexedPassages: { type: 'integer', minimum: 0 },
      },
    },
  },
} as const;
