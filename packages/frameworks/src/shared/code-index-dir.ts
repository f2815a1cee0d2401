import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Tool } from '@toolsift/core';
import { userCacheDir } from '@toolsift/selector';

/**
 * The default index folder of tools defined in code: `<user cache dir>/indexes/code-<hash>/`, the hash covering
 * the embedder id and the tools' names. Names, not whole contents: the index inside keeps a content hash per
 * view, so an edited description re-embeds only that view on the next start instead of leaving the old folder
 * behind; adding or removing a tool starts a new folder.
 */
export function codeIndexDir(options: {
  tools: readonly Pick<Tool, 'id'>[];
  embedderId: string;
  env: Readonly<Record<string, string | undefined>>;
}): string {
  const ids = options.tools.map((tool) => tool.id).sort();
  const hash = createHash('sha256')
    .update(JSON.stringify([options.embedderId, ids]))
    .digest('hex')
    .slice(0, 16);
  return path.join(userCacheDir(options.env), 'indexes', `code-${hash}`);
}
