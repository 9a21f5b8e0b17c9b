import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import express from 'express';
import type { RequestHandler } from 'express';

/** `Cache-Control` of a content-hashed file: it never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `Cache-Control` of a file whose content may change under its name (revalidated with its ETag). */
export const NO_CACHE = 'no-cache';

/**
 * A file name carrying a content hash: `main.1a2b3c4d.js`, `123.4f5e6d7c8b.css`,
 * `chunk-1a2b3c4d.js`, or a name that is only a hash, as webpack names an asset module by
 * default (the PDF.js worker, `f80e59db57edadfe5744.mjs`: 16 hex digits or more, so a word
 * like `deadbeef.js` is not taken for one).
 */
const HASHED = /(?:[.-][0-9a-f]{8,}|^[0-9a-f]{16,})\.[a-z0-9]+(\.map)?$/i;

/** True when a file name looks content-hashed. */
export function isHashedFile(file: string): boolean {
  return HASHED.test(path.basename(file));
}

/**
 * Precompressed copies a build writes beside its text files (tooling/federation.js
 * `compressedAssets`), in the order the server prefers them when the browser accepts both.
 */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Files a build precompresses (the same list as the build's). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/** The file a precompressed copy stands for (`main.1a2b3c4d.js.br` → `main.1a2b3c4d.js`). */
function uncompressedName(file: string): string {
  const copy = PRECOMPRESSED.find((p) => file.endsWith(p.suffix));
  return copy ? file.slice(0, -copy.suffix.length) : file;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The precompressed copy of the requested file to send, if the build wrote one and the
 * browser accepts its encoding (brotli before gzip). Undefined for anything else: folders,
 * other file types, paths that leave `dir`.
 */
async function precompressedCopy(
  dir: string,
  req: Request,
): Promise<{ encoding: string; suffix: string; type: string } | undefined> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
  const file = path.join(dir, relative);
  if (relative.includes('\0') || !file.startsWith(dir + path.sep)) return undefined;
  for (const copy of PRECOMPRESSED) {
    if (req.acceptsEncodings(copy.encoding) === copy.encoding && (await isFile(file + copy.suffix))) {
      return { ...copy, type: path.extname(file) };
    }
  }
  return undefined;
}

/**
 * Static files of one folder (no directory listings, no redirects, dotfiles ignored), with
 * `Cache-Control` chosen per file: {@link IMMUTABLE} when `immutable(file)` says so, otherwise
 * {@link NO_CACHE}. Missing files fall through to the next handler.
 *
 * When the build wrote a precompressed copy beside a text file (`<file>.br`, `<file>.gz`) and
 * the request's `Accept-Encoding` allows it, that copy is sent instead, with
 * `Content-Encoding`, the original file's `Content-Type` and caching, and
 * `Vary: Accept-Encoding`; the response compression then leaves it alone.
 *
 * @param index serve `index.html` for a folder path (default false)
 */
export function staticFiles(
  dir: string,
  immutable: (file: string) => boolean,
  index = false,
): RequestHandler {
  const root = path.resolve(dir);
  const serve = express.static(root, {
    index: index ? ['index.html'] : false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: true,
    setHeaders: (res: Response, file: string) => {
      res.setHeader('Cache-Control', immutable(uncompressedName(file)) ? IMMUTABLE : NO_CACHE);
    },
  });
  return async (req, res, next) => {
    let copy: Awaited<ReturnType<typeof precompressedCopy>>;
    try {
      copy = await precompressedCopy(root, req);
    } catch (error) {
      return next(error);
    }
    if (COMPRESSIBLE.test(req.path)) res.vary('Accept-Encoding');
    if (!copy) return serve(req, res, next);
    const url = req.url;
    const query = url.indexOf('?');
    req.url = query >= 0 ? `${url.slice(0, query)}${copy.suffix}${url.slice(query)}` : `${url}${copy.suffix}`;
    res.type(copy.type);
    res.setHeader('Content-Encoding', copy.encoding);
    serve(req, res, (error?: unknown) => {
      // The copy went away between the check and the read: send the file itself.
      req.url = url;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      if (error) return next(error);
      serve(req, res, next);
    });
  };
}

/** A plain-text 404 for a missing asset (never the HTML page, which a script tag would choke on). */
export const assetNotFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not found');
};

/** A source map, or a build's precompressed copy of one. */
const SOURCE_MAP = /\.map(?:\.br|\.gz)?$/i;

/**
 * Hides the builds' source maps (`*.map`, with their `.br`/`.gz` copies) from the public: a
 * plain 404 for every such path outside `/api/`, wherever the files live (the shell, the
 * assistant frame, every release). They stay on disk in each build and release folder for the
 * team; `PUBLIC_SOURCE_MAPS=true` leaves this out.
 */
export const hideSourceMaps: RequestHandler = (req, res, next) => {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/') || !SOURCE_MAP.test(req.path)) return next();
  assetNotFound(req, res, next);
};
