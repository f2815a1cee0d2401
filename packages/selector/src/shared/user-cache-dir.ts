import os from 'node:os';
import path from 'node:path';

/** The user's cache folder for toolsift: `$TOOLSIFT_CACHE_DIR`, else the platform's cache dir + `/toolsift`. */
export function userCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.TOOLSIFT_CACHE_DIR) return env.TOOLSIFT_CACHE_DIR;
  const home = env.HOME ?? env.USERPROFILE ?? os.homedir();
  if (process.platform === 'win32')
    return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'toolsift');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'toolsift');
  return path.join(env.XDG_CACHE_HOME ?? path.join(home, '.cache'), 'toolsift');
}
