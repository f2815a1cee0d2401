import { readdir, readFile } from 'node:fs/promises';

/**
 * The id of the process `parent` started whose command line contains `match` (Linux: read from /proc), so a test
 * can kill one upstream server of a gateway it runs as a process.
 */
export async function childPid(parent: number, match: string): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command name (in parentheses, which may hold spaces): state, then the parent id.
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const parentId = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parentId !== parent) continue;
      const commandLine = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).split('\0').join(' ');
      if (commandLine.includes(match)) return Number(entry);
    } catch {
      // The process ended while it was read.
    }
  }
  return undefined;
}
