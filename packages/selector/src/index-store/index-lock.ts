import { randomBytes } from 'node:crypto';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, ToolsiftError } from '@toolsift/core';
import { makeDirectory } from '../shared/atomic-file.js';

/** Name of the lock file inside an index folder; it exists while a process writes the folder. */
export const INDEX_LOCK = 'lock';

/** Options of `withIndexLock`. */
export interface IndexLockOptions {
  /** How long to wait for another writer before giving up with INDEX_LOCKED (default 60 s). */
  waitMs?: number;
  /** A lock older than this is stale even when its process seems alive, e.g. a reused pid (default 10 min). */
  staleMs?: number;
}

/**
 * Run `action` while holding the index folder's lock: a file created with O_EXCL (`wx`) holding the pid, host
 * and a token. A lock whose process is gone (same host), or that is older than `staleMs`, is broken; otherwise
 * the call retries with backoff and throws INDEX_LOCKED after `waitMs`. The folder is created if missing.
 */
export async function withIndexLock<T>(
  dir: string,
  action: () => Promise<T>,
  options: IndexLockOptions = {},
): Promise<T> {
  await makeDirectory(dir);
  const file = path.join(dir, INDEX_LOCK);
  const token = randomBytes(8).toString('hex');
  const body = JSON.stringify({ pid: process.pid, host: os.hostname(), token, time: Date.now() });
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  let delay = 4;
  while (!(await tryCreate(file, body))) {
    const holder = await readHolder(file);
    if (holder !== undefined && isStale(holder, options.staleMs ?? 600_000)) {
      await breakLock(file, holder.raw);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = holder?.pid === undefined ? 'another process' : `process ${holder.pid}`;
      throw new ToolsiftError(
        ErrorCode.IndexLocked,
        `the index in ${dir} is locked by ${who}; waited ${options.waitMs ?? 60_000} ms. Delete ${file} if no toolsift process is running.`,
        { dir, file, ...(holder?.pid === undefined ? {} : { pid: holder.pid }) },
      );
    }
    await sleep(delay * (0.5 + Math.random()));
    delay = Math.min(delay * 2, 200);
  }
  try {
    return await action();
  } finally {
    // Only our own lock: if it was broken as stale meanwhile, the file is someone else's now.
    if ((await readHolder(file))?.token === token) await unlink(file).catch(() => undefined);
  }
}

// --- internal ---

/** What a lock file says, and its raw text (to check that a lock judged stale is still the same one). */
interface LockHolder {
  raw: string;
  /** Undefined when the file has no readable content (being written, or left half-written). */
  pid?: number;
  host?: string;
  token?: string;
  /** When the lock was taken (ms since the epoch): the recorded time, or the file's mtime when unreadable. */
  time: number;
}

/** A lock file that has no readable content after this long was left by a writer that died creating it. */
const UNWRITTEN_LOCK_MS = 5_000;

async function tryCreate(file: string, body: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(body);
  } finally {
    await handle.close();
  }
  return true;
}

async function readHolder(file: string): Promise<LockHolder | undefined> {
  let raw: string;
  let mtime: number;
  try {
    [raw, mtime] = await Promise.all([readFile(file, 'utf8'), stat(file).then((info) => info.mtimeMs)]);
  } catch {
    return undefined; // released meanwhile
  }
  try {
    const parsed = JSON.parse(raw) as Partial<Omit<LockHolder, 'raw'>>;
    if (typeof parsed.pid === 'number' && typeof parsed.time === 'number') {
      return {
        raw,
        pid: parsed.pid,
        time: parsed.time,
        ...(typeof parsed.host === 'string' ? { host: parsed.host } : {}),
        ...(typeof parsed.token === 'string' ? { token: parsed.token } : {}),
      };
    }
  } catch {
    // Being written, or damaged: judged by its age below.
  }
  return { raw, time: mtime };
}

function isStale(holder: LockHolder, staleMs: number): boolean {
  const age = Date.now() - holder.time;
  if (holder.pid === undefined) return age > UNWRITTEN_LOCK_MS;
  if (age > staleMs) return true;
  return holder.host === os.hostname() && !isAlive(holder.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove a stale lock, unless it changed since it was judged stale. Two processes may judge the same lock stale:
 * a second, short-lived lock (`lock.break`) lets only one of them check and remove it, so neither removes a lock
 * the other has just taken.
 */
async function breakLock(file: string, staleRaw: string): Promise<void> {
  const breaker = `${file}.break`;
  const body = JSON.stringify({ pid: process.pid, host: os.hostname(), time: Date.now() });
  if (!(await tryCreate(breaker, body))) {
    const holder = await readHolder(breaker);
    if (holder !== undefined && isStale(holder, UNWRITTEN_LOCK_MS))
      await unlink(breaker).catch(() => undefined);
    await sleep(2 + Math.random() * 5);
    return;
  }
  try {
    if ((await readHolder(file))?.raw === staleRaw) await unlink(file).catch(() => undefined);
  } finally {
    await unlink(breaker).catch(() => undefined);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
