/**
 * The machine's ceiling for the API benchmark: a bare Express app (no logging, security
 * headers, compression or database) answering `GET /` with a small JSON body. Started as a
 * child process by bench/api.mjs on the port given as the first argument; prints `ready` once
 * it listens and stops on SIGTERM.
 */
import express from 'express';
import { readCommandLine, usageError } from '../tooling/cli.mjs';

const USAGE = 'Usage: node bench/ceiling-server.mjs <port>   (started by bench/api.mjs; prints "ready" once it listens)';
const { positionals } = readCommandLine({ tool: 'ceiling-server', usage: USAGE, options: {}, allowPositionals: true });
if (positionals.length !== 1 || !/^\d+$/.test(positionals[0] ?? '')) usageError('ceiling-server', USAGE, 'give one port number');
const port = Number(positionals[0]);
const app = express();
app.disable('x-powered-by');
app.get('/', (_req, res) => {
  res.json({ ok: true });
});
const server = app.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
