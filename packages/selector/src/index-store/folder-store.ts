import path from 'node:path';
import { LearnWarningCode } from '../learning/learn-warning.js';
import { openCatalogMemo } from './catalog-memo-file.js';
import { withIndexLock } from './index-lock.js';
import type { ChangedLearned, ChangeLearnedOptions, IndexStore } from './index-store.js';
import type { IndexWarning } from './index-warning.js';
import {
  isLearnedDamaged,
  LEARNED_FILE,
  moveLearnedAside,
  readLearnedPrompts,
  writeLearnedPrompts,
} from './learned-prompts-file.js';
import { adoptLearned, lexicalOptionsHash, openToolIndex, persist } from './open-tool-index.js';

/**
 * The store of an index folder: the index files under a manifest that commits each save, the learned prompts in
 * their own file (`LEARNED_FILE`), and, with `keepsCatalogMemo`, what the built-in loaders made of the catalog's
 * files. Every write holds the folder's lock, so processes sharing the folder lose nothing.
 */
export async function openFolderStore(options: {
  dir: string;
  /** Keep a catalog memo in the folder (for a catalog read from paths with the built-in loaders). */
  keepsCatalogMemo?: boolean;
}): Promise<IndexStore> {
  const { dir } = options;
  const memo = options.keepsCatalogMemo === true ? await openCatalogMemo(dir) : undefined;
  let lexicalOptions = lexicalOptionsHash(undefined);
  return {
    location: dir,
    catalogMemo: memo?.memo,
    async load(loadOptions) {
      // The catalog was read with the memo just before: keep what that read used.
      await memo?.save(dir);
      lexicalOptions = lexicalOptionsHash(loadOptions.lexical);
      return openToolIndex({ ...loadOptions, dir });
    },
    async save(index) {
      const warnings: IndexWarning[] = [];
      await persist({ index, dir, lexicalOptions, warnings });
      return warnings;
    },
    changeLearned: (change) => changeLearnedInFolder({ ...change, dir, lexicalOptions }),
  };
}

// --- internal ---

/**
 * A read-modify-write of the learned prompts' file under the folder's lock: the change runs on the prompts the file
 * holds now (what other processes learned since this one loaded is taken in), a file that held what could not be
 * read is moved aside before the new one is written, and the index follows the file (and is saved).
 */
function changeLearnedInFolder(
  options: ChangeLearnedOptions & { dir: string; lexicalOptions: string },
): Promise<ChangedLearned> {
  const { dir, index, embedder } = options;
  return withIndexLock(dir, async () => {
    const read = await readLearnedPrompts(dir);
    const { prompts, report } = options.change(read.prompts ?? new Map());
    // When it cannot be moved aside, this throws and nothing is written over it.
    const movedTo = isLearnedDamaged(read) ? await moveLearnedAside(dir) : undefined;
    await writeLearnedPrompts(dir, prompts, { callBound: options.callBound ?? read.callBound });
    await index.upsertTools({ tools: adoptLearned(index, prompts), embedder });
    const warnings: IndexWarning[] = [];
    await persist({ index, dir, lexicalOptions: options.lexicalOptions, warnings, isLocked: true });
    if (movedTo === undefined) return { report, warnings };
    const moved = {
      code: LearnWarningCode.LearnedFileMovedAside,
      message: `${LEARNED_FILE} in ${dir} held what could not be read: moved to ${movedTo}, and a new one written with the prompts that could`,
      file: path.join(dir, movedTo),
    };
    return { report: { ...report, warnings: [...(report.warnings ?? []), moved] }, warnings };
  });
}
