import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A site of its own for the release specs (canary, release-preview, releases): the built server
 * on a free port over a new data folder and a web root where one remote's `dist/` can be swapped
 * while the others are the repository's own builds, so the shared e2e server is never touched.
 * Needs `npm run build` first (server/dist, shell/dist and the remotes' dist).
 */

const run = promisify(execFile);

/** The repository's root folder. */
export const repo = path.resolve(__dirname, '..', '..', '..');

/** The workspaces the web root serves (WEB_ROOT/<workspace>/dist). */
export type WebWorkspace = 'shell' | 'remote-knowledge' | 'remote-assistant' | 'remote-forms';

const ALL_WORKSPACES: readonly WebWorkspace[] = ['shell', 'remote-knowledge', 'remote-assistant', 'remote-forms'];

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Options of {@link ReleaseSite.create}. */
export interface ReleaseSiteOptions {
  /** Prefix of the temporary folder's name (`kb-canary-e2e-`). */
  prefix: string;
  /** The remote whose `dist/` the spec controls (an empty folder until the spec writes one). */
  ownRemote: WebWorkspace;
  /** Workspaces served from the repository's builds (default: all but `ownRemote`). */
  shared?: readonly WebWorkspace[];
}

/**
 * One spec's server, its temporary folder (`tmp`: `web/`, `data/`, `builds/`) and environment.
 * `start` and `stop` may be called again (a restart keeps the data folder).
 */
export class ReleaseSite {
  private server: ChildProcess | undefined;

  private constructor(
    /** The temporary folder holding `web/`, `data/` and the spec's `builds/`. */
    readonly tmp: string,
    /** `http://127.0.0.1:<port>`, also the site's `PUBLIC_ORIGIN`. */
    readonly origin: string,
    /** The server's and the operator commands' environment (PORT, DATA_DIR, WEB_ROOT, …). */
    readonly env: NodeJS.ProcessEnv,
    private readonly ownRemote: WebWorkspace,
  ) {}

  /**
   * Makes the temporary folder and web root (symlinks to the shared workspaces, an empty folder
   * for `ownRemote`) and picks a port; starts nothing.
   */
  static async create(options: ReleaseSiteOptions): Promise<ReleaseSite> {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
    const web = path.join(tmp, 'web');
    fs.mkdirSync(path.join(web, options.ownRemote), { recursive: true });
    for (const workspace of options.shared ?? ALL_WORKSPACES.filter((w) => w !== options.ownRemote)) {
      fs.symlinkSync(path.join(repo, workspace), path.join(web, workspace));
    }
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      PORT: String(port),
      KNOWLEDGE_PORT: '0',
      DATA_DIR: path.join(tmp, 'data'),
      WEB_ROOT: web,
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: 'warn',
    };
    return new ReleaseSite(tmp, origin, env, options.ownRemote);
  }

  /** `ownRemote`'s `dist/` folder in the web root. */
  get ownDist(): string {
    return path.join(this.tmp, 'web', this.ownRemote, 'dist');
  }

  /** Makes `<tmp>/builds/<label>` the current build of `ownRemote` (a symlink in the web root). */
  useBuild(label: string): void {
    fs.rmSync(this.ownDist, { force: true, recursive: true });
    fs.symlinkSync(path.join(this.tmp, 'builds', label), this.ownDist);
  }

  /**
   * Runs `npm run remotes -- <args>` (server/dist/cli/remotes.js) against this site.
   * @returns its standard output; rejects with the command's error when it exits non-zero
   */
  async remotes(...args: string[]): Promise<string> {
    const { stdout } = await run(process.execPath, [path.join(repo, 'server', 'dist', 'cli', 'remotes.js'), ...args], {
      env: this.env,
    });
    return stdout;
  }

  /**
   * Starts the server and waits for `/readyz` (up to 240 s: a first start loads the corpus).
   * Rejects with the server's last standard error when it exits or never becomes ready.
   */
  async start(): Promise<void> {
    const server = spawn(process.execPath, [path.join(repo, 'server', 'dist', 'main.js')], {
      env: this.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.server = server;
    let stderr = '';
    server.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      try {
        if ((await fetch(`${this.origin}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not become ready: ${stderr}`);
  }

  /** Stops the server with SIGTERM and waits for it to exit; nothing when it is not running. */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s || s.exitCode !== null) return;
    const exited = new Promise((resolve) => s.once('exit', resolve));
    s.kill('SIGTERM');
    await exited;
  }
}
