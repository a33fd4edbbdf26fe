// Starts and stops the real `vecinos` binary for end-to-end tests.
//
// `startServer()` can be called any number of times (by the worker fixture in ./fixtures.ts, or
// directly by a test that needs a second server, a restart on the same data dir, or another
// database URL). Each server gets its own free port on 127.0.0.1, its own temporary data dir unless
// one is passed, and a log file under web/test-results/e2e/server-logs/.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** web/ */
export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository root (where `make build` writes bin/vecinos). */
export const REPO_ROOT = path.resolve(WEB_DIR, '..');
/** The binary under test; VECINOS_E2E_BIN overrides it (only for working on the harness itself). */
export const VECINOS_BIN = process.env.VECINOS_E2E_BIN
  ? path.resolve(process.env.VECINOS_E2E_BIN)
  : path.join(REPO_ROOT, 'bin', 'vecinos');
/** Playwright's outputDir (wiped at the start of each run); server logs go beneath it. */
/** The phone every test runs on (the config's `use`, and every extra browser context a test opens). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  locale: 'es-ES',
  timezoneId: 'Europe/Madrid',
} as const;

export const E2E_OUTPUT_DIR = path.join(WEB_DIR, 'test-results', 'e2e');
export const SERVER_LOG_DIR = path.join(E2E_OUTPUT_DIR, 'server-logs');

type Env = Record<string, string | undefined>;

export interface StartServerOptions {
  /** Used in the log file name and in error messages. */
  name?: string;
  /** Reuse this data dir (it is left in place on stop). Default: a fresh temp dir, removed on stop. */
  dataDir?: string;
  /** Remove the data dir on stop even though it was passed in. */
  removeDataDir?: boolean;
  /** Runs once the server has stopped (also when it failed to start), e.g. to drop its database. */
  afterStop?: () => void | Promise<void>;
  /** Port on 127.0.0.1. Default: a free one. */
  port?: number;
  /** Extra environment, e.g. { VECINOS_DATABASE_URL: '...' }; a value of undefined unsets the variable. */
  env?: Env;
  /** Arguments to the binary. Default: ['serve']. */
  args?: string[];
  /** How long to wait for GET /readyz to answer 200. Default: 20 s. */
  readyTimeoutMs?: number;
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr together. */
  output: string;
}

export interface ServerHandle {
  name: string;
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  port: number;
  dataDir: string;
  logFile: string;
  pid: number;
  /** The VECINOS_* environment the server was started with. */
  env: Record<string, string>;
  /** Everything the server has written so far (the last 256 KiB). */
  output(): string;
  /** Runs `vecinos ARGS` with the same VECINOS_* environment as this server (e.g. ['migrate']). */
  run(args: string[], opts?: { env?: Env; timeoutMs?: number }): Promise<CliResult>;
  /** SIGTERM, then SIGKILL after 10 s; removes the temp data dir. Safe to call twice. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) signalGroup(child, 'SIGKILL');
});

/** Servers run in their own process group, so that anything they start goes down with them. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** The environment of this process without any VECINOS_* variables, so that runs are hermetic. */
function baseEnv(extra: Env = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('VECINOS_')) env[k] = v;
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });
}

function assertBinary(): void {
  if (!fs.existsSync(VECINOS_BIN)) {
    throw new Error(`${VECINOS_BIN} does not exist: build it first with 'make build' (the e2e tests run the real binary)`);
  }
}

/** A fresh temporary data dir; the caller removes it (servers only remove data dirs they made). */
export async function tempDataDir(): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), 'vecinos-e2e-'));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `vecinos ARGS` to completion with a hermetic environment plus `env`. */
export async function runVecinos(args: string[], opts: { env?: Env; timeoutMs?: number; cwd?: string } = {}): Promise<CliResult> {
  assertBinary();
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const child = spawn(VECINOS_BIN, args, {
      cwd: opts.cwd ?? REPO_ROOT,
      env: baseEnv(opts.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(child);
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      output += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      output += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`vecinos ${args.join(' ')} did not finish within ${timeoutMs} ms; output so far:\n${output}`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      live.delete(child);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      resolve({ code, signal, stdout, stderr, output });
    });
  });
}

class ServerStartError extends Error {
  readonly addressInUse: boolean;
  constructor(message: string, addressInUse: boolean) {
    super(message);
    this.addressInUse = addressInUse;
  }
}

export async function startServer(opts: StartServerOptions = {}): Promise<ServerHandle> {
  assertBinary();
  // A free port can be taken by someone else between picking it and the server binding it: retry.
  const attempts = opts.port ? 1 : 3;
  for (let i = 1; ; i++) {
    try {
      return await startOnce({ ...opts, port: opts.port ?? (await freePort()) });
    } catch (err) {
      if (i >= attempts || !(err instanceof ServerStartError && err.addressInUse)) throw err;
    }
  }
}

async function startOnce(opts: StartServerOptions & { port: number }): Promise<ServerHandle> {
  const name = opts.name ?? 'server';
  const port = opts.port;
  const url = `http://127.0.0.1:${port}`;
  const ownDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? (await tempDataDir());
  const removeDataDir = ownDataDir || !!opts.removeDataDir;
  const readyTimeoutMs = opts.readyTimeoutMs ?? 20_000;
  const args = opts.args ?? ['serve'];

  const vecinosEnv: Record<string, string> = {
    VECINOS_ADDR: `127.0.0.1:${port}`,
    VECINOS_DATA_DIR: dataDir,
    VECINOS_PUBLIC_URL: url,
    VECINOS_DEV: '1',
  };
  const env = baseEnv({ ...vecinosEnv, ...opts.env });
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete vecinosEnv[k];
    else if (k.startsWith('VECINOS_')) vecinosEnv[k] = v;
  }

  await fsp.mkdir(SERVER_LOG_DIR, { recursive: true });
  const safeName = name.replace(/[^\w.-]+/g, '_');
  const logFile = path.join(SERVER_LOG_DIR, `${safeName}-${port}-${Date.now()}.log`);
  const log = fs.createWriteStream(logFile);
  log.write(`# ${VECINOS_BIN} ${args.join(' ')}\n`);
  for (const [k, v] of Object.entries(vecinosEnv)) log.write(`# ${k}=${v}\n`);

  const child = spawn(VECINOS_BIN, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  live.add(child);
  let buffered = '';
  const capture = (d: Buffer) => {
    log.write(d);
    buffered += d.toString('utf8');
    if (buffered.length > 256 * 1024) buffered = buffered.slice(-256 * 1024);
  };
  child.stdout!.on('data', capture);
  child.stderr!.on('data', capture);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let spawnError: Error | undefined;
  const exitPromise = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('error', (err) => {
      spawnError = err;
      exited ??= { code: null, signal: null };
      resolve(exited);
    });
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
  });
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  exitPromise.then(() => live.delete(child));

  let stopped: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      if (!exited) {
        signalGroup(child, 'SIGTERM');
        const killer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
        await exitPromise;
        clearTimeout(killer);
      }
      signalGroup(child, 'SIGKILL'); // leftovers in the group, if any
      await Promise.race([closed, sleep(2_000)]);
      await new Promise<void>((resolve) => log.end(resolve));
      if (removeDataDir) await fsp.rm(dataDir, { recursive: true, force: true });
      await opts.afterStop?.();
      return exited!;
    })();
    return stopped;
  };

  const tail = () => buffered.slice(-4000).trimEnd() || '(no output)';

  // Wait for GET /readyz == 200, the process to exit, or the deadline.
  const deadline = Date.now() + readyTimeoutMs;
  let lastProblem = 'no answer yet';
  for (;;) {
    if (exited) {
      await stop();
      const how = spawnError ? `could not start: ${spawnError.message}` : `exited (code ${exited.code}, signal ${exited.signal})`;
      throw new ServerStartError(
        `vecinos ${name} on ${url} ${how} before /readyz answered 200.\nLog: ${logFile}\n--- server output ---\n${tail()}`,
        /address already in use|bind: /i.test(buffered),
      );
    }
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) break;
      lastProblem = `/readyz answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      lastProblem = `/readyz: ${(err as Error).cause ?? (err as Error).message}`;
    }
    if (Date.now() > deadline) {
      await stop();
      throw new ServerStartError(
        `vecinos ${name} on ${url} was not ready within ${readyTimeoutMs} ms (last: ${lastProblem}).\nLog: ${logFile}\n--- server output ---\n${tail()}`,
        false,
      );
    }
    await sleep(100);
  }

  return {
    name,
    url,
    port,
    dataDir,
    logFile,
    pid: child.pid!,
    env: vecinosEnv,
    output: () => buffered,
    run: (cliArgs, runOpts = {}) => runVecinos(cliArgs, { env: { ...vecinosEnv, ...runOpts.env }, timeoutMs: runOpts.timeoutMs }),
    stop,
  };
}
