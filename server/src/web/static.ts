import path from 'node:path';
import type { Response } from 'express';
import express from 'express';
import type { RequestHandler } from 'express';

/** `Cache-Control` of a content-hashed file: it never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `Cache-Control` of a file whose content may change under its name (revalidated with its ETag). */
export const NO_CACHE = 'no-cache';

/** A file name carrying a content hash: `main.1a2b3c4d.js`, `123.4f5e6d7c8b.css`, `chunk-1a2b3c4d.js`. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/** True when a file name looks content-hashed. */
export function isHashedFile(file: string): boolean {
  return HASHED.test(path.basename(file));
}

/**
 * Static files of one folder (no directory listings, no redirects, dotfiles ignored), with
 * `Cache-Control` chosen per file: {@link IMMUTABLE} when `immutable(file)` says so, otherwise
 * {@link NO_CACHE}. Missing files fall through to the next handler.
 *
 * @param index serve `index.html` for a folder path (default false)
 */
export function staticFiles(
  dir: string,
  immutable: (file: string) => boolean,
  index = false,
): RequestHandler {
  return express.static(dir, {
    index: index ? ['index.html'] : false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: true,
    setHeaders: (res: Response, file: string) => {
      res.setHeader('Cache-Control', immutable(file) ? IMMUTABLE : NO_CACHE);
    },
  });
}

/** A plain-text 404 for a missing asset (never the HTML page, which a script tag would choke on). */
export const assetNotFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not found');
};
