#!/usr/bin/env node
/**
 * Scale-out, shown: two server processes (server/dist/main.js), each with its own DATA_DIR,
 * sharing one RELEASES_DIR and one PostgreSQL database, behind a small round-robin reverse
 * proxy written here with Node's own `http`. It then checks, through the proxy and through each
 * server's admin socket, that what must be shared is shared:
 *
 * - rate limits: a client limited through one server is limited through the other;
 * - the release registry: a release published and activated through one is served by the other,
 *   and a rollback through the other is seen by the first;
 * - forms: contact messages and subscriptions written through either server are listed by both;
 * - imports: a collection imported through one is found by the other's search, and removed
 *   through the other, is gone from the first's.
 *
 * Each check prints `✓` or `✗` with what was seen; the exit status is 0 when every check passed,
 * 1 when one failed or the run broke, 2 on wrong usage. The scratch database (a new
 * `kb_scale_<hex>` on the PostgreSQL server the URL points at; the URL's own database is never
 * touched) and the scratch folder are dropped afterwards unless `--keep`.
 *
 * The servers serve a scratch WEB_ROOT holding stand-in builds of the knowledge remote (a
 * `release.json` and a manifest), so no front-end build is needed; server/dist must be built.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readCommandLine, usageError } from './cli.mjs';
import { createScratch, freePort, startServer } from './scratch.mjs';

const TOOL = 'scale-out';
const USAGE = `Usage: node tooling/scale-out.mjs [--database-url postgres://…] [--keep]

Starts two servers on one PostgreSQL behind a round-robin proxy and checks that rate limits,
releases, forms and imports are shared. Needs server/dist (npm run build -w @kb/contracts &&
npm run build -w server).

  --database-url URL  a PostgreSQL server to create the scratch database on
                      (default: DATABASE_URL, else TEST_DATABASE_URL). The run creates
                      kb_scale_<hex> there and drops it afterwards; the URL's own database
                      is never written to
  --keep              keep the scratch database and folder (their names are printed)
  -h, --help          this text

Exit status: 0 every check passed, 1 a check failed or the run broke, 2 wrong usage.`;

/** Form posts each client may make per minute on both servers together (small, to reach it). */
export const FORMS_PER_MINUTE = 4;

/** The imported collection's id and a word found only in its text. */
const IMPORT_SOURCE = 'scale-out-demo';
const IMPORT_WORD = 'quillowhistle';

/**
 * A small reverse proxy on 127.0.0.1: each request goes to the next upstream in turn
 * (round-robin), with `X-Forwarded-For` (the client's address appended) and `X-Forwarded-Proto`
 * set as a load balancer does; the answer carries `X-Upstream: <name>` naming the server that
 * answered. An upstream that cannot be reached is answered 502.
 *
 * @param {{ name: string, port: number }[]} upstreams
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startProxy(upstreams) {
  let next = 0;
  const server = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length];
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const headers = { ...req.headers, 'x-forwarded-for': forwarded, 'x-forwarded-proto': 'http' };
    const out = http.request({ host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream.name });
      answer.pipe(res);
    });
    out.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': upstream.name });
      res.end(`proxy: ${upstream.name} failed: ${error.message}`);
    });
    req.pipe(out);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * One HTTP request from the client address `client` (a loopback address such as 127.0.0.11, so
 * the proxy sees distinct clients) to `port`.
 *
 * @param {{ port: number, method?: string, path: string, body?: unknown, client?: string }} request
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, text: string, json: any, upstream: string | undefined }>}
 */
export function call({ port, method = 'GET', path: target, body, client = '127.0.0.1' }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        localAddress: client,
        agent: false,
        headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const upstream = res.headers['x-upstream'];
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, upstream: typeof upstream === 'string' ? upstream : undefined });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Runs one command on a server's admin socket (`DATA_DIR/admin.sock`, JSON lines; see
 * docs/operations.md) and returns its result.
 *
 * @param {string} dataDir the server's DATA_DIR
 * @param {string} command e.g. `forms.export`
 * @param {Record<string, unknown>} [args]
 * @throws Error with the server's refusal, or when the socket does not answer
 */
export function admin(dataDir, command, args = {}) {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(path.join(dataDir, 'admin.sock'));
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ id: 1, command, args })}\n`));
    socket.on('data', (chunk) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      socket.end();
      const answer = JSON.parse(buffered.slice(0, end));
      if (answer.ok) resolve(answer.result);
      else reject(new Error(`${command}: ${answer.error}`));
    });
    socket.on('error', reject);
  });
}

/**
 * Writes a stand-in build of the knowledge remote into `webRoot` (what `npm run build -w
 * remote-knowledge` leaves in `remote-knowledge/dist`, reduced to what the registry reads).
 * @param {string} webRoot
 * @param {string} version `<package version>-<8 hex>`
 */
function writeKnowledgeBuild(webRoot, version) {
  const dist = path.join(webRoot, 'remote-knowledge', 'dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'release.json'), JSON.stringify({ name: 'knowledge', version }));
  // Exposing the contract's modules, so the build passes release verification (releases/verify.ts).
  const { REMOTES } = createRequire(import.meta.url)('@kb/contracts');
  const modules = REMOTES.knowledge;
  const exposes = modules.map((m) => ({ id: `knowledge:${m.slice(2)}`, name: m.slice(2), path: m }));
  fs.writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ id: 'knowledge', name: 'knowledge', metaData: { name: 'knowledge', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, buildInfo: { buildVersion: version } }, exposes }),
  );
  const entries = modules.map((m) => `${JSON.stringify(m)}: function () { return ${JSON.stringify(version)}; }`);
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `/* stand-in knowledge remote ${version} */\nvar knowledge = { moduleMap: { ${entries.join(', ')} } };\n`);
}

/** The knowledge remote's version in a server's `/remotes.json`. */
async function activeKnowledge(port) {
  const res = await call({ port, path: '/remotes.json' });
  const entry = res.json?.remotes?.find((e) => e.name === 'knowledge');
  return entry?.version ?? `(none: ${res.status})`;
}

/** The records of a `forms.export` result in JSON format. */
const exported = (result) => JSON.parse(result.text);

/**
 * The checks, over two running servers `a` and `b` behind the proxy on `proxyPort`.
 * Each returns `{ name, ok, detail }`; a check that throws counts as failed with the error.
 *
 * @param {{ proxyPort: number, a: { name: string, port: number, dataDir: string }, b: { name: string, port: number, dataDir: string }, webRoot: string }} ctx
 * @returns {{ name: string, run: () => Promise<{ ok: boolean, detail: string }> }[]}
 */
export function scaleOutChecks({ proxyPort, a, b, webRoot }) {
  const runId = crypto.randomBytes(3).toString('hex');
  const viaProxy = (request) => call({ port: proxyPort, ...request });
  return [
    {
      name: 'started together, the servers loaded the shipped corpus and published the build once',
      async run() {
        const [statusA, statusB] = [await admin(a.dataDir, 'corpus.status'), await admin(b.dataDir, 'corpus.status')];
        const total = (status) => status.sources.reduce((sum, s) => sum + s.passages, 0);
        const releases = await admin(b.dataDir, 'remotes.list', { name: 'knowledge' });
        const shipped = statusA.sources.filter((s) => s.shipped);
        const ok =
          shipped.length > 0 &&
          shipped.every((s) => s.passages > 0) &&
          JSON.stringify(statusA) === JSON.stringify(statusB) &&
          releases.length === 1 &&
          releases[0].active;
        return {
          ok,
          detail: `${a.name} and ${b.name} both count ${total(statusA)} passages in ${shipped.length} shipped source/language pairs; the knowledge remote has ${releases.length} release (${releases.map((r) => `${r.version}${r.active ? ', active' : ''}`).join('; ')})`,
        };
      },
    },
    {
      name: 'the proxy balances over both servers',
      async run() {
        const seen = [];
        for (let i = 0; i < 4; i++) {
          const res = await viaProxy({ path: '/readyz' });
          seen.push(`${res.upstream} ${res.status}`);
        }
        const ok = seen.join(',') === `${a.name} 200,${b.name} 200,${a.name} 200,${b.name} 200`;
        return { ok, detail: `/readyz answered by ${seen.join(', ')}` };
      },
    },
    {
      name: `one client's form posts are counted on both servers together (limit ${FORMS_PER_MINUTE} a minute)`,
      async run() {
        const client = '127.0.0.11';
        const answers = [];
        for (let i = 1; i <= FORMS_PER_MINUTE + 2; i++) {
          const res = await viaProxy({ method: 'POST', path: '/api/newsletter', client, body: { email: `limit-${runId}-${i}@example.org` } });
          answers.push({ upstream: res.upstream, status: res.status, json: res.json });
        }
        const accepted = answers.slice(0, FORMS_PER_MINUTE);
        const refused = answers.slice(FORMS_PER_MINUTE);
        const perServer = (name) => answers.filter((x) => x.upstream === name).length;
        const ok =
          accepted.every((x) => x.status === 200) &&
          refused.every((x) => x.status === 429 && x.json?.success === false) &&
          new Set(refused.map((x) => x.upstream)).size === 2;
        const other = await viaProxy({ method: 'POST', path: '/api/newsletter', client: '127.0.0.12', body: { email: `other-${runId}@example.org` } });
        return {
          ok: ok && other.status === 200,
          detail:
            `posts ${answers.map((x, i) => `${i + 1}→${x.upstream} ${x.status}`).join(', ')} ` +
            `(each server saw ${perServer(a.name)} and ${perServer(b.name)}); another client: ${other.upstream} ${other.status}`,
        };
      },
    },
    {
      name: 'contact messages written through either server are listed by both',
      async run() {
        const client = '127.0.0.21';
        const written = [];
        for (const who of ['first', 'second']) {
          const description = `Scale-out ${runId}: the ${who} message (ğüşiöç İ).`;
          const res = await viaProxy({
            method: 'POST',
            path: '/api/contact',
            client,
            body: { firstName: 'Ayşe', lastName: 'Yılmaz', email: `ayse-${runId}@example.org`, category: 'feedback', description },
          });
          written.push({ description, upstream: res.upstream, status: res.status });
        }
        const listed = async (server) =>
          exported(await admin(server.dataDir, 'forms.export', { kind: 'contacts', format: 'json' }))
            .map((m) => m.description)
            .filter((d) => d.startsWith(`Scale-out ${runId}:`));
        const [inA, inB] = [await listed(a), await listed(b)];
        const want = written.map((w) => w.description);
        const ok =
          written.every((w) => w.status === 200) &&
          new Set(written.map((w) => w.upstream)).size === 2 &&
          want.every((d) => inA.includes(d) && inB.includes(d));
        return {
          ok,
          detail: `written through ${written.map((w) => `${w.upstream} (${w.status})`).join(' and ')}; ${a.name}'s admin socket lists ${inA.length}, ${b.name}'s lists ${inB.length}`,
        };
      },
    },
    {
      name: 'subscriptions written through either server are listed by both',
      async run() {
        const emails = [`sub-${runId}-1@example.org`, `sub-${runId}-2@example.org`];
        const written = [];
        for (const email of emails) {
          const res = await viaProxy({ method: 'POST', path: '/api/newsletter', client: '127.0.0.22', body: { email } });
          written.push({ upstream: res.upstream, status: res.status });
        }
        const listed = async (server) =>
          exported(await admin(server.dataDir, 'forms.export', { kind: 'subscribers', format: 'json' })).map((s) => s.email);
        const [inA, inB] = [await listed(a), await listed(b)];
        const ok =
          written.every((w) => w.status === 200) &&
          new Set(written.map((w) => w.upstream)).size === 2 &&
          emails.every((e) => inA.includes(e) && inB.includes(e));
        return {
          ok,
          detail: `subscribed through ${written.map((w) => `${w.upstream} (${w.status})`).join(' and ')}; both addresses listed by ${[inA, inB].filter((list) => emails.every((e) => list.includes(e))).length} of 2 servers`,
        };
      },
    },
    {
      name: `a release published and activated through ${a.name} is served by ${b.name}`,
      async run() {
        const before = [await activeKnowledge(a.port), await activeKnowledge(b.port)];
        const version = `0.0.0-scale-${crypto.randomBytes(4).toString('hex')}`;
        writeKnowledgeBuild(webRoot, version);
        await admin(a.dataDir, 'remotes.publish', { name: 'knowledge' });
        await admin(a.dataDir, 'remotes.activate', { name: 'knowledge', version });
        const onB = await activeKnowledge(b.port);
        const manifest = await call({ port: b.port, path: `/remotes/knowledge/${version}/mf-manifest.json` });
        const ok = before[0] === before[1] && onB === version && manifest.status === 200 && manifest.json?.name === 'knowledge';
        return {
          ok,
          detail: `both served ${before[0]}; after publishing ${version} through ${a.name}, ${b.name}'s /remotes.json names ${onB} and its manifest answers ${manifest.status}`,
        };
      },
    },
    {
      name: `a rollback through ${b.name} is seen by ${a.name}`,
      async run() {
        const { from, to } = await admin(b.dataDir, 'remotes.rollback', { name: 'knowledge' });
        const onA = await activeKnowledge(a.port);
        return { ok: onA === to && from !== to, detail: `${b.name} rolled back ${from} → ${to}; ${a.name}'s /remotes.json names ${onA}` };
      },
    },
    {
      name: `a collection imported through ${a.name} is found by ${b.name}'s search`,
      async run() {
        const search = (server) => call({ port: server.port, path: `/api/search?q=${IMPORT_WORD}&lang=en` });
        const before = await search(b);
        const { importId } = await admin(a.dataDir, 'corpus.begin', { source: IMPORT_SOURCE, lang: 'en' });
        await admin(a.dataDir, 'corpus.stage', {
          importId,
          records: [
            { position: 1, ref: 'Demo 1', text: `A ${IMPORT_WORD} sang over the water at dawn.` },
            { position: 2, ref: 'Demo 2', text: 'A second passage, so the import is more than one line.' },
          ],
        });
        const committed = await admin(a.dataDir, 'corpus.commit', { importId, translator: 'Scale-out demo' });
        const after = await search(b);
        const hit = after.json?.hits?.find((h) => h.source === IMPORT_SOURCE);
        const ok = before.status === 200 && before.json?.total === 0 && after.status === 200 && hit?.ref === 'Demo 1';
        return {
          ok,
          detail: `${b.name} found ${before.json?.total ?? before.status} before; ${a.name} imported ${committed?.passages ?? '?'} passages; ${b.name} then found ${after.json?.total ?? after.status} (${hit ? `${hit.source} ${hit.ref}` : 'not the import'})`,
        };
      },
    },
    {
      name: `the collection removed through ${b.name} is gone from ${a.name}'s search`,
      async run() {
        const { removed } = await admin(b.dataDir, 'corpus.remove', { source: IMPORT_SOURCE });
        const after = await call({ port: a.port, path: `/api/search?q=${IMPORT_WORD}&lang=en` });
        return { ok: after.status === 200 && after.json?.total === 0, detail: `${b.name} removed ${removed} passages; ${a.name} then found ${after.json?.total ?? after.status}` };
      },
    },
  ];
}

/**
 * The scratch database's URL: `url` with its database replaced by `kb_scale_<10 hex>`.
 * @param {string} url
 */
function scratchDatabaseUrl(url) {
  const u = new URL(url);
  u.pathname = `/kb_scale_${crypto.randomBytes(5).toString('hex')}`;
  return u.toString();
}

/**
 * Sets everything up, runs {@link scaleOutChecks}, prints each result and tears down.
 *
 * @param {{ databaseUrl: string, keep?: boolean, print?: (line: string) => void }} options
 * @returns {Promise<boolean>} true when every check passed
 * @throws when setting up fails (no PostgreSQL, no server build, a server not starting)
 */
export async function runScaleOut({ databaseUrl, keep = false, print = (line) => process.stdout.write(`${line}\n`) }) {
  const scratch = await createScratch({ prefix: 'kb-scale', keep, postgres: { url: scratchDatabaseUrl(databaseUrl), isolate: 'database' } });
  const servers = [];
  let proxy;
  try {
    const releasesDir = path.join(scratch.dir, 'releases');
    const webRoot = path.join(scratch.dir, 'web');
    writeKnowledgeBuild(webRoot, `0.0.0-start-${crypto.randomBytes(4).toString('hex')}`);
    const ports = { a: await freePort(), b: await freePort() };
    proxy = await startProxy([
      { name: 'a', port: ports.a },
      { name: 'b', port: ports.b },
    ]);
    const env = {
      PUBLIC_ORIGIN: `http://127.0.0.1:${proxy.port}`,
      TRUST_PROXY: '1',
      RELEASES_DIR: releasesDir,
      WEB_ROOT: webRoot,
      RATE_LIMIT_FORMS_PER_MINUTE: String(FORMS_PER_MINUTE),
      LOG_LEVEL: 'warn',
    };
    print(`scratch: database ${scratch.database}, folder ${scratch.dir}${keep ? ' (kept)' : ''}`);
    // Together, as a deploy starts them: the empty database gets the shipped corpus once (each
    // import is taken under a lock by whichever server comes first) and the build is published
    // once; this takes 20–80 s.
    const started = performance.now();
    const starts = await Promise.allSettled(
      ['a', 'b'].map(async (name) => {
        const dataDir = path.join(scratch.dir, `data-${name}`);
        fs.mkdirSync(dataDir);
        const server = await startServer({ ...scratch, dataDir }, { name, port: ports[name], env });
        servers.push({ name, port: ports[name], dataDir, server });
        print(`server ${name}: port ${ports[name]}, DATA_DIR ${dataDir}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }),
    );
    const failedStart = starts.find((s) => s.status === 'rejected');
    if (failedStart) throw failedStart.reason;
    servers.sort((x, y) => x.name.localeCompare(y.name));
    print(`proxy: http://127.0.0.1:${proxy.port} (round-robin over a and b), RELEASES_DIR ${releasesDir}`);
    const [a, b] = servers;
    let failed = 0;
    for (const check of scaleOutChecks({ proxyPort: proxy.port, a, b, webRoot })) {
      let result;
      try {
        result = await check.run();
      } catch (error) {
        result = { ok: false, detail: error instanceof Error ? error.message : String(error) };
      }
      if (!result.ok) failed++;
      print(`${result.ok ? '✓' : '✗'} ${check.name}: ${result.detail}`);
    }
    print(failed === 0 ? 'scale-out: every check passed' : `scale-out: ${failed} check(s) failed (server logs: ${scratch.dir}/a.log, b.log)`);
    return failed === 0;
  } finally {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.server.stop()));
    await scratch.dispose();
  }
}

async function main() {
  const { values } = readCommandLine({
    tool: TOOL,
    usage: USAGE,
    options: { 'database-url': { type: 'string' }, keep: { type: 'boolean' } },
  });
  const url = values['database-url'] ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) usageError(TOOL, USAGE, 'needs a PostgreSQL server: --database-url, DATABASE_URL or TEST_DATABASE_URL');
  if (!/^postgres(ql)?:\/\//.test(url)) usageError(TOOL, USAGE, '--database-url must start with postgres://');
  try {
    const ok = await runScaleOut({ databaseUrl: url, keep: Boolean(values.keep) });
    process.exit(ok ? 0 : 1);
  } catch (error) {
    process.stderr.write(`${TOOL}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
