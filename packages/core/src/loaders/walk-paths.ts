import { type Dirent, readdirSync, realpathSync, type Stats, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode } from '../errors.js';
import { isIgnoredDirectory, isPlainlyNotMetadata } from './detect-format.js';

/** A file to load: where it is, how to name it, and whether the user named it. */
export interface WalkEntry {
  /** Absolute path to read. */
  path: string;
  /** The path as the user wrote it (joined with the names below it), for diagnostics. */
  file: string;
  isExplicit: boolean;
}

/** Every file found under the given paths, in a stable order, with what could not be walked. */
export interface WalkResult {
  entries: WalkEntry[];
  diagnostics: Diagnostic[];
  /** Files and folders passed over quietly (licences, readmes, hidden and ignored folders...). */
  skipped: number;
}

/**
 * Expand files and folders into the files to load: folders are walked recursively with entries sorted
 * by name; a symlink that leads back into its own ancestors is a SYMLINK_LOOP warning, and a file or
 * folder reached twice (through links or overlapping arguments) is loaded once. The file system is read
 * synchronously, as `readSource` reads files: an asynchronous call costs a thread-pool round trip per entry.
 */
export async function walkPaths(
  paths: readonly string[],
  options: { cwd?: string } = {},
): Promise<WalkResult> {
  const cwd = options.cwd ?? process.cwd();
  const walker = new Walker();
  for (const given of paths) {
    const absolute = resolve(cwd, given);
    const stats = walker.statOrReport(absolute, given, 'error');
    if (stats === undefined) continue;
    if (stats.isDirectory()) {
      const real = realpathSync.native(absolute);
      if (walker.visitedDirectories.has(real)) continue;
      walker.visitedDirectories.add(real);
      walker.walkDirectory(absolute, given, [real]);
    } else if (stats.isFile()) {
      walker.addFile(absolute, given, true);
    } else {
      walker.report(given, ErrorCode.FileUnreadable, 'error', 'Not a regular file or folder.');
    }
  }
  return { entries: walker.entries, diagnostics: walker.diagnostics, skipped: walker.skipped };
}

// --- internal ---

class Walker {
  readonly entries: WalkEntry[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly visitedDirectories = new Set<string>();
  private readonly visitedFiles = new Set<string>();
  skipped = 0;

  walkDirectory(absolute: string, display: string, ancestors: readonly string[]): void {
    let children: Dirent[];
    try {
      children = readdirSync(absolute, { withFileTypes: true });
    } catch (error) {
      this.report(display, ErrorCode.FileUnreadable, 'error', `Cannot read folder: ${errorText(error)}.`);
      return;
    }
    children.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const child of children) {
      const childPath = join(absolute, child.name);
      const childDisplay = join(display, child.name);
      const stats = child.isSymbolicLink()
        ? this.statOrReport(childPath, childDisplay, 'warning')
        : child.isDirectory() || child.isFile()
          ? child
          : undefined;
      if (stats === undefined) continue;
      if (stats.isDirectory()) {
        if (isIgnoredDirectory(child.name)) {
          this.skipped += 1;
          continue;
        }
        const real = realpathSync.native(childPath);
        if (ancestors.includes(real)) {
          this.report(
            childDisplay,
            ErrorCode.SymlinkLoop,
            'warning',
            'Symbolic link loops back to a parent folder; not followed.',
          );
          continue;
        }
        if (this.visitedDirectories.has(real)) continue;
        this.visitedDirectories.add(real);
        this.walkDirectory(childPath, childDisplay, [...ancestors, real]);
      } else if (stats.isFile() && !isPlainlyNotMetadata(child.name)) {
        this.addFile(childPath, childDisplay, false);
      } else {
        this.skipped += 1;
      }
    }
  }

  addFile(absolute: string, display: string, isExplicit: boolean): void {
    const real = realPathOr(absolute);
    if (this.visitedFiles.has(real)) return;
    this.visitedFiles.add(real);
    this.entries.push({ path: absolute, file: display, isExplicit });
  }

  /** `stat` (following links); a loop or a dangling link becomes a diagnostic instead of an exception. */
  statOrReport(absolute: string, display: string, severity: Diagnostic['severity']): Stats | undefined {
    try {
      return statSync(absolute);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ELOOP') {
        this.report(
          display,
          ErrorCode.SymlinkLoop,
          'warning',
          'Symbolic link loop (the link resolves to itself); not followed.',
        );
      } else {
        this.report(display, ErrorCode.FileUnreadable, severity, `Cannot read: ${errorText(error)}.`);
      }
      return undefined;
    }
  }

  report(file: string, code: ErrorCode, severity: Diagnostic['severity'], message: string): void {
    this.diagnostics.push({ code, severity, file, message });
  }
}

function errorText(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

function realPathOr(absolute: string): string {
  try {
    return realpathSync.native(absolute);
  } catch {
    return absolute;
  }
}
