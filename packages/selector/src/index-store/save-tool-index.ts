import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { endianness } from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../shared/atomic-file.js';
import { saveVectorIndex } from '../vector-index/save-vector-index.js';
import { hashText } from './content-hash.js';
import {
  GENERATION_NAME,
  INDEX_FORMAT_VERSION,
  INDEX_MANIFEST,
  type IndexManifest,
} from './index-manifest.js';
import { encodeRuleVectors } from './rule-vectors-file.js';
import type { ToolIndex } from './tool-index.js';
import { encodeViewTable } from './view-table-file.js';

/**
 * Save an index into a folder. Payloads go to fresh generation names (`index.<gen>.views`, `.lexical`,
 * `.rule-vectors`, `.names`, `.vector-index/`, which also holds the view vectors), then the manifest is renamed
 * into place, so a reader sees the old or the new index, never a mix. The generation the replaced manifest named is
 * kept until the next save (a reader that has just read that manifest can still read its files); older ones are
 * removed. Call it holding the folder's lock (`withIndexLock`, which also creates the folder): a save removes generations no manifest names.
 */
export async function saveToolIndex(options: {
  index: ToolIndex;
  dir: string;
  lexicalOptions: string;
}): Promise<void> {
  const { index, dir } = options;
  const generation = randomBytes(6).toString('hex');
  const name = (role: string): string => `index.${generation}.${role}`;

  const table = await writeFileAtomic(
    path.join(dir, name('views')),
    encodeViewTable(
      index
        .tools()
        .map((tool) => ({ id: tool.id, hash: index.toolHash(tool.id) ?? '', views: index.views(tool.id) })),
      hashText,
    ),
  );
  const ruleVectors = await writeFileAtomic(
    path.join(dir, name('rule-vectors')),
    encodeRuleVectors(index.ruleVectors(), index.dimensions),
  );
  const names = await writeFileAtomic(
    path.join(dir, name('names')),
    Buffer.from(JSON.stringify(index.nameTable())),
  );
  const lexical = await writeFileAtomic(path.join(dir, name('lexical')), index.lexical.toBinary());
  await saveVectorIndex(index.vectorIndex, path.join(dir, name('vector-index')));

  const manifest: IndexManifest = {
    format: 'toolsift-index',
    version: INDEX_FORMAT_VERSION,
    embedder: { id: index.embedderId, dimensions: index.dimensions },
    endianness: endianness(),
    lexicalOptions: options.lexicalOptions,
    files: {
      views: { file: name('views'), ...table },
      lexical: { file: name('lexical'), ...lexical },
      ruleVectors: { file: name('rule-vectors'), ...ruleVectors },
      names: { file: name('names'), ...names },
      vectorIndex: name('vector-index'),
    },
  };
  const previous = await generationOfManifest(dir);
  await writeFileAtomic(path.join(dir, INDEX_MANIFEST), Buffer.from(`${JSON.stringify(manifest)}\n`));
  const kept = [generation, previous].filter((name) => name !== undefined).map((name) => `index.${name}.`);
  for (const entry of await readdir(dir)) {
    if (GENERATION_NAME.test(entry) && !kept.some((prefix) => entry.startsWith(prefix))) {
      await rm(path.join(dir, entry), { recursive: true, force: true });
    }
  }
}

// --- internal ---

/** The generation the folder's current manifest names, if it names one. */
async function generationOfManifest(dir: string): Promise<string | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path.join(dir, INDEX_MANIFEST), 'utf8')) as IndexManifest;
    return /^index\.([0-9a-f]+)\.views$/.exec(manifest.files.views.file)?.[1];
  } catch {
    return undefined;
  }
}
