/**
 * A writer to kill: learns one prompt after another into the index folder given as argv[2] (project catalog,
 * hash embedder) and prints the number of each learn once it returned (saved). Used by learned-prompts.test.ts.
 */
import path from 'node:path';
import { createSelector } from '@toolsift/selector';

const dir = process.argv[2];
if (dir === undefined) throw new Error('usage: learn-writer.ts INDEX_DIR');
const selector = await createSelector({
  catalog: path.resolve(import.meta.dirname, '../../metadata'),
  embedder: 'hash',
  indexDir: dir,
});
for (let count = 0; ; count++) {
  await selector.learn([{ prompt: `writer prompt number ${count}`, tool: 'convert_currency' }]);
  process.stdout.write(`${count}\n`);
}
