import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { hashText } from './content-hash.js';
import {
  GENERATION_NAME,
  INDEX_FORMAT_VERSION,
  INDEX_MANIFEST,
  type IndexManifest,
} from './index-manifest.js';
import type { ToolIndex } from './tool-index.js';

/**
 * Save an index into a folder. Payloads go to fresh generation names (`index.<gen>.vectors`, `.texts`,
 * `.lexical`, `.vector-index/`), then the manifest is renamed into place, so a reader sees the old or the new index,
 * never a mix; older generations are removed afterwards.
 */
export async function saveToolIndex(options: {
  index: ToolIndex;
  dir: string;
  lexicalOptions: string;
}): Promise<void> {
  const { index, dir } = options;
  await mkdir(dir, { recursive: true });
  const generation = randomBytes(6).toString('hex');
  const name = (role: string): string => `index.${generation}.${role}`;

  const entries = index.entries();
  const matrix = new Float32Array(entries.length * index.dimensions);
  for (const [row, entry] of entries.entries()) matrix.set(entry.vector, row * index.dimensions);
  const vectors = await writeFileAtomic(path.join(dir, name('vectors')), new Uint8Array(matrix.buffer));
  const texts = await writeFileAtomic(
    path.join(dir, name('texts')),
    Buffer.from(JSON.stringify(entries.map((entry) => entry.view.text))),
  );
  const lexicalBytes = Buffer.from(JSON.stringify(index.lexical.toJSON()));
  const lexical = await writeFileAtomic(path.join(dir, name('lexical')), lexicalBytes);
  await index.vectorIndex.save(path.join(dir, name('vector-index')));

  const manifest: IndexManifest = {
    format: 'toolsift-index',
    version: INDEX_FORMAT_VERSION,
    embedder: { id: index.embedderId, dimensions: index.dimensions },
    endianness: endianness(),
    lexicalOptions: options.lexicalOptions,
    tools: Object.fromEntries(index.tools().map((tool) => [tool.id, index.toolHash(tool.id) ?? ''])),
    views: entries.map((entry) => entry.view.key),
    viewHashes: entries.map((entry) => hashText(entry.view.text)),
    learned: Object.fromEntries([...index.learned()].map(([toolId, prompts]) => [toolId, [...prompts]])),
    files: {
      vectors: { file: name('vectors'), ...vectors },
      texts: { file: name('texts'), ...texts },
      lexical: { file: name('lexical'), ...lexical },
      vectorIndex: name('vector-index'),
    },
  };
  await writeFileAtomic(path.join(dir, INDEX_MANIFEST), Buffer.from(`${JSON.stringify(manifest)}\n`));
  for (const entry of await readdir(dir)) {
    if (GENERATION_NAME.test(entry) && !entry.startsWith(`index.${generation}.`)) {
      await rm(path.join(dir, entry), { recursive: true, force: true });
    }
  }
}
