import { SOURCE_CATEGORIES } from '@kb/contracts';
import { localizeCatalog } from './catalog';
import { sourcesOpenApi } from './openapi';

// The full contract test (every documented route against the document) belongs to the site's
// OpenAPI document; this keeps the fragment in step with the catalog meanwhile.
it('describes exactly the fields a catalog entry has', () => {
  const schema = sourcesOpenApi.schemas.KnowledgeSource;
  for (const lang of ['en', 'tr'] as const) {
    for (const source of localizeCatalog(lang, new Map([['quran', 1]]))) {
      expect(Object.keys(source).sort()).toEqual([...schema.required].sort());
      expect(Object.keys(schema.properties).sort()).toEqual([...schema.required].sort());
      expect(source.id).toMatch(new RegExp(schema.properties.id.pattern));
      expect(schema.properties.category.enum).toContain(source.category);
      expect(schema.properties.status.enum).toContain(source.status);
    }
  }
  expect(schema.properties.category.enum).toEqual([...SOURCE_CATEGORIES]);
});
