import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SOURCE = ['--import', 'tsx/esm', '--conditions=@toolsift/source'];

/** A process running `store-worker.ts`: one JSON request per line in, one JSON line (or several) out. */
export interface StoreWorker {
  readonly process: ChildProcess;
  /** The `{ ready, tools }` line, once its selector is loaded. */
  readonly ready: Promise<{ ready: WorkerStatus; tools: string[] }>;
  /** The next line it prints. */
  next<T = Record<string, unknown>>(): Promise<T>;
  /** Send a request and read the line that answers it. */
  request<T = Record<string, unknown>>(message: Record<string, unknown>): Promise<T>;
  /** Send a request without reading its answer (read it with `next`). */
  send(message: Record<string, unknown>): void;
  /** Resolves with the exit code (null after a signal). */
  readonly exited: Promise<number | null>;
  /** What it printed on stderr so far. */
  stderr(): string;
}

/** What a worker says of its selector's index. */
export interface WorkerStatus {
  status: string;
  embedded: number;
  reused: number;
  warnings: string[];
}

/** Start a worker on the store at `url` (namespace `namespace`, default the store's default). */
export function startWorker(url: string, namespace?: string): StoreWorker {
  const child = spawn(process.execPath, [...SOURCE, path.join('test/store/store-worker.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      TOOLSIFT_STORE: url,
      ...(namespace !== undefined ? { TOOLSIFT_STORE_NAMESPACE: namespace } : {}),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const lines: string[] = [];
  const waiting: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  let isClosed = false;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter !== undefined) waiter.resolve(line);
    else lines.push(line);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      isClosed = true;
      for (const waiter of waiting.splice(0)) {
        waiter.reject(new Error(`worker exited (${code}) before answering:\n${errors}`));
      }
      resolve(code);
    });
  });
  const next = <T>(): Promise<T> => {
    const line = lines.shift();
    if (line !== undefined) return Promise.resolve(JSON.parse(line) as T);
    if (isClosed) return Promise.reject(new Error(`worker exited:\n${errors}`));
    return new Promise<string>((resolve, reject) => waiting.push({ resolve, reject })).then(
      (text) => JSON.parse(text) as T,
    );
  };
  const send = (message: Record<string, unknown>): void => {
    child.stdin!.write(`${JSON.stringify(message)}\n`);
  };
  const ready = next<{ ready: WorkerStatus; tools: string[] }>();
  ready.catch(() => undefined); // a worker expected to fail at its start is awaited through `exited`
  return {
    process: child,
    ready,
    next,
    request: <T>(message: Record<string, unknown>) => {
      send(message);
      return next<T>();
    },
    send,
    exited,
    stderr: () => errors,
  };
}

/** Close a worker (its store first) and wait for it to exit. */
export async function closeWorker(worker: StoreWorker): Promise<void> {
  if (worker.process.exitCode !== null || worker.process.signalCode !== null) return;
  worker.send({ op: 'close' });
  await worker.exited;
}

/** Wait until `check` holds, polling (a generous guard against a hang, not a timing assertion). */
export async function until(check: () => boolean | Promise<boolean>, guardMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > guardMs) throw new Error(`not true after ${guardMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
