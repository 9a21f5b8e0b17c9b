import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from './server.js';

/** Sends raw bytes to a fresh server and returns everything it answers. */
async function rawExchange(bytes: string): Promise<string> {
  const server = createHttpServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Sends `bytes` and then nothing more to a server with short receive limits (headers 1 s,
 * whole request 2 s, checked every 200 ms); returns its answer and how long it took (ms).
 */
async function stalledExchange(bytes: string): Promise<{ answer: string; ms: number }> {
  const server = createHttpServer(
    (req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    },
    { headersMs: 1_000, requestMs: 2_000, connectionsCheckMs: 200 },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const started = Date.now();
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      setTimeout(() => socket.destroy(), 8_000).unref();
    });
    return { answer, ms: Date.now() - started };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('createHttpServer with receive limits', () => {
  it('answers 408 with the error shape when the headers stop coming', async () => {
    const { answer, ms } = await stalledExchange('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      error: 'The request was not received in time',
    });
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(2_000);
  });

  it('answers 408 when the body stops coming', async () => {
    const { answer, ms } = await stalledExchange('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\npartial');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(3_500);
  });
});

describe('createHttpServer', () => {
  it('answers a malformed request line with 400 and the error shape', async () => {
    const answer = await rawExchange('NOT A REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/Content-Type: application\/json/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      error: 'The request could not be parsed',
    });
  });

  it('answers an oversized URL with 431 and the error shape', async () => {
    const answer = await rawExchange(`GET /api/search?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false });
  });

  it('serves well-formed requests as usual', async () => {
    const answer = await rawExchange('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.endsWith('ok')).toBe(true);
  });
});
