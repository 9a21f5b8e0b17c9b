import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import request from 'supertest';
import { compressResponses } from './compression';
import { IMMUTABLE, isHashedFile, NO_CACHE, staticFiles } from './static';

/** A script large enough to be worth compressing (> 1 KB). */
const SCRIPT = `console.log(${JSON.stringify('the shell '.repeat(300))});\n`;

function build(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-static-'));
  const write = (file: string, content: string | Buffer): void => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };
  write('js/main.1a2b3c4d.js', SCRIPT);
  write('js/main.1a2b3c4d.js.br', zlib.brotliCompressSync(SCRIPT));
  write('js/main.1a2b3c4d.js.gz', zlib.gzipSync(SCRIPT));
  write('remoteEntry.js', SCRIPT);
  write('remoteEntry.js.br', zlib.brotliCompressSync(SCRIPT));
  write('plain.4e5f6a7b.js', SCRIPT);
  write('icon.png', Buffer.alloc(2048, 1));
  return dir;
}

function site(dir: string): Express {
  const app = express();
  app.use(compressResponses());
  app.use(staticFiles(dir, isHashedFile));
  app.get('/events', (_req, res) => {
    res.set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    res.write(`event: meta\ndata: ${JSON.stringify({ mode: 'extractive', pad: 'x'.repeat(2000) })}\n\n`);
    // The stream stays open: the event above must reach the browser now, not at the end.
    res.on('close', () => res.end());
  });
  return app;
}

describe('isHashedFile', () => {
  it('takes a hash in the name, or a name that is only a long hash, for a content hash', () => {
    for (const file of ['main.1a2b3c4d.js', 'chunk-1a2b3c4d.js', 'x/123.4f5e6d7c8b.css', 'f80e59db57edadfe5744.mjs', 'main.1a2b3c4d.js.map']) {
      expect([file, isHashedFile(file)]).toEqual([file, true]);
    }
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'deadbeef.js', 'index.html']) {
      expect([file, isHashedFile(file)]).toEqual([file, false]);
    }
  });
});

describe('static files with precompressed copies', () => {
  const dir = build();
  const app = site(dir);
  const size = (file: string): string => String(fs.statSync(path.join(dir, file)).size);

  it('sends the brotli copy to a browser that accepts it, as the original file type and caching', async () => {
    const plain = await request(app).get('/js/main.1a2b3c4d.js').set('Accept-Encoding', 'identity');
    const res = await request(app).get('/js/main.1a2b3c4d.js').set('Accept-Encoding', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(size('js/main.1a2b3c4d.js.br'));
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.text).toBe(SCRIPT);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const res = await request(app).get('/js/main.1a2b3c4d.js').set('Accept-Encoding', 'br;q=0, gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBe(size('js/main.1a2b3c4d.js.gz'));
    expect(res.text).toBe(SCRIPT);
  });

  it('sends the file itself when no encoding is accepted', async () => {
    const res = await request(app).get('/js/main.1a2b3c4d.js').set('Accept-Encoding', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(SCRIPT)));
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.text).toBe(SCRIPT);
  });

  it('keeps revalidation for a file whose name has no content hash', async () => {
    const res = await request(app).get('/remoteEntry.js').set('Accept-Encoding', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(NO_CACHE);
    expect(res.text).toBe(SCRIPT);
  });

  it('falls back to the gzip copy or compression on the fly when a copy is missing', async () => {
    const gzip = await request(app).get('/remoteEntry.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(SCRIPT);
    const fly = await request(app).get('/plain.4e5f6a7b.js').set('Accept-Encoding', 'gzip');
    expect(fly.headers['content-encoding']).toBe('gzip');
    expect(fly.headers['cache-control']).toBe(IMMUTABLE);
    expect(fly.text).toBe(SCRIPT);
  });

  it('answers HEAD with the headers of the copy it would send', async () => {
    const res = await request(app).head('/js/main.1a2b3c4d.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(size('js/main.1a2b3c4d.js.br'));
  });

  it('leaves other files and missing files as they were', async () => {
    const icon = await request(app).get('/icon.png').set('Accept-Encoding', 'br');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['content-type']).toBe('image/png');
    expect((await request(app).get('/js/missing.js').set('Accept-Encoding', 'br')).status).toBe(404);
    expect((await request(app).get('/js/..%2F..%2Fetc%2Fpasswd.js').set('Accept-Encoding', 'br')).status).not.toBe(200);
  });

  it('never compresses Server-Sent Events, so each event arrives when it is written', async () => {
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const first = await new Promise<{ encoding: string | undefined; chunk: string }>((resolve, reject) => {
        const req = http.get(
          { port, host: '127.0.0.1', path: '/events', headers: { 'Accept-Encoding': 'gzip, br' } },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve({ encoding: res.headers['content-encoding'], chunk: chunk.toString('utf8') });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
      });
      expect(first.encoding).toBeUndefined();
      expect(first.chunk).toMatch(/^event: meta\n/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
