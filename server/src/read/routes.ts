import { Router } from 'express';
import { isLang, type Lang } from '@kb/contracts';
import type { Queryable } from '../db/database.js';
import { isStorableText } from '../http/guards.js';
import { readPassage } from '../passages/verses.js';
import { renderProblem, renderReading } from './page.js';

const SOURCE_ID = /^[a-z0-9-]{1,40}$/;

/**
 * `GET /read/<source>/<ref>?lang=en|tr`: the reading page of a passage (see `page.ts`);
 * mount at the site's root. `lang` defaults to `en`; another value → 400 page; an unknown
 * source or reference → 404 page. HTML, `Cache-Control: public, max-age=300`.
 */
export function readRouter(db: Queryable): Router {
  const router = Router();
  router.get('/read/:source/:ref', async (req, res) => {
    const raw = req.query.lang ?? 'en';
    const { source, ref } = req.params;
    res.type('html');
    if (!isLang(raw)) {
      res.status(400).set('Cache-Control', 'no-store').send(renderProblem('en', 'badLang', ref));
      return;
    }
    const lang: Lang = raw;
    const reading =
      SOURCE_ID.test(source) && ref.length <= 200 && isStorableText(ref) ? await readPassage(db, source, ref, lang) : undefined;
    if (!reading) {
      res.status(404).set('Cache-Control', 'no-store').send(renderProblem(lang, 'notFound', ref.slice(0, 200)));
      return;
    }
    res.set('Cache-Control', 'public, max-age=300').set('Content-Language', lang).send(renderReading(reading, ref, lang));
  });
  return router;
}
