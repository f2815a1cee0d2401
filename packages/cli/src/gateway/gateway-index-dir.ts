import { createHash } from 'node:crypto';
import path from 'node:path';
import { userCacheDir } from '@toolsift/selector';

/**
 * Where the gateway keeps its index by default: `<user cache dir>/gateway/<config name>-<hash>`, the hash covering
 * the config file's path and the embedder, so two configs never share an index. The cache dir is the one the
 * selector uses: `$TOOLSIFT_CACHE_DIR`, else the platform's cache folder + `/toolsift`.
 */
export function gatewayIndexDir(options: {
  configFile: string;
  embedderId: string;
  env: Readonly<Record<string, string | undefined>>;
}): string {
  const name = path.basename(options.configFile).replace(/[^A-Za-z0-9._-]+/g, '_') || 'config';
  const hash = createHash('sha256')
    .update(JSON.stringify([options.configFile, options.embedderId]))
    .digest('hex')
    .slice(0, 10);
  return path.join(userCacheDir(options.env), 'gateway', `${name}-${hash}`);
}
