import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultIndexDir } from '../../src/index-store/default-index-dir.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'toolsift-default-dir-'));
  await mkdir(path.join(root, 'tools'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const env = () => ({ TOOLSIFT_CACHE_DIR: path.join(root, 'cache') });

describe('defaultIndexDir', () => {
  it('puts a catalog of paths in .toolsift beside it, creating nothing', async () => {
    const dir = await defaultIndexDir({
      place: { catalogPaths: ['tools', 'more.json'] },
      embedderId: 'hash',
      cwd: root,
      env: env(),
    });
    expect(path.relative(root, dir)).toMatch(/^\.toolsift\/more\.json-[0-9a-f]{10}$/);
    expect(await readdir(root)).toEqual(['tools']);
    const again = { place: { catalogPaths: ['more.json', 'tools'] }, cwd: root, env: env() };
    expect(await defaultIndexDir({ ...again, embedderId: 'hash' })).toBe(dir);
    expect(await defaultIndexDir({ ...again, embedderId: 'use-lite' })).not.toBe(dir);
  });

  it('puts anything else in the user cache dir, one folder per key and embedder', async () => {
    const dir = await defaultIndexDir({
      place: { name: 'my gateway.json', key: '/etc/toolsift/my gateway.json' },
      embedderId: 'hash',
      env: env(),
    });
    expect(path.relative(root, dir)).toMatch(/^cache\/indexes\/my_gateway\.json-[0-9a-f]{10}$/);
    const other = await defaultIndexDir({
      place: { name: 'my gateway.json', key: '/srv/my gateway.json' },
      embedderId: 'hash',
      env: env(),
    });
    expect(other).not.toBe(dir);
  });
});
