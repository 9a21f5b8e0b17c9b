/**
 * The machine's ceiling for the API benchmark: a bare Express app (no logging, security
 * headers, compression or database) answering `GET /` with a small JSON body. Started as a
 * child process by bench/api.mjs on the port given as the first argument; prints `ready` once
 * it listens and stops on SIGTERM.
 */
import express from 'express';

const port = Number(process.argv[2]);
const app = express();
app.disable('x-powered-by');
app.get('/', (_req, res) => {
  res.json({ ok: true });
});
const server = app.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
