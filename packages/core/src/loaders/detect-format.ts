import { ErrorCode, ToolsiftError } from '../errors.js';
import type { ToolFormat } from '../model/tool.js';
import type { FormatLoader, ParsedDocument } from './types.js';

/** File extensions toolsift reads metadata from. */
export const SUPPORTED_EXTENSIONS: readonly string[] = Object.freeze([
  '.json',
  '.jsonl',
  '.ndjson',
  '.toml',
  '.yaml',
  '.yml',
]);

/** Lowest `detect` confidence that counts as recognising a document. */
export const DETECT_THRESHOLD = 0.5;

/** The loader chosen for a document and how sure its `detect` was. */
export interface DetectedFormat {
  loader: FormatLoader;
  confidence: number;
}

/**
 * Pick the loader for a document: the one named by `format` when given, otherwise the most confident
 * `detect` at or above the threshold (earlier loaders win ties). Undefined when none recognises it.
 */
export function detectFormat(
  document: ParsedDocument,
  options: { loaders: readonly FormatLoader[]; format?: ToolFormat | undefined },
): DetectedFormat | undefined {
  const { loaders, format } = options;
  if (format !== undefined) {
    const loader = loaders.find((candidate) => candidate.format === format);
    if (loader === undefined) {
      throw new ToolsiftError(
        ErrorCode.UnsupportedFormat,
        `Unknown format "${format}". Supported formats: ${loaders.map((candidate) => candidate.format).join(', ')}.`,
      );
    }
    return { loader, confidence: 1 };
  }
  let best: DetectedFormat | undefined;
  for (const loader of loaders) {
    const confidence = loader.detect(document);
    if (confidence >= DETECT_THRESHOLD && (best === undefined || confidence > best.confidence)) {
      best = { loader, confidence };
    }
  }
  return best;
}

/** True for a supported metadata extension (case-insensitive). */
export function hasSupportedExtension(file: string): boolean {
  return SUPPORTED_EXTENSIONS.includes(extensionOf(file));
}

/** Error for a file given explicitly whose extension toolsift does not read. */
export function unsupportedExtensionMessage(file: string): string {
  const extension = extensionOf(file);
  return (
    `Unsupported file type ${extension === '' ? '(no extension)' : `"${extension}"`}. ` +
    `Supported extensions: ${SUPPORTED_EXTENSIONS.join(', ')} (or pass --input-format).`
  );
}

/** Directory names never walked into. */
export function isIgnoredDirectory(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/**
 * True for files met while walking a folder that are plainly not tool metadata (licences, readmes,
 * source lists, prose, tables, images, hidden files): they are skipped quietly. Files with a metadata
 * extension never are, whatever their name.
 */
export function isPlainlyNotMetadata(name: string): boolean {
  if (name.startsWith('.')) return true;
  // A metadata extension wins over the name: `README-example.toml` is a tool file.
  if (hasSupportedExtension(name)) return false;
  const base = name.replace(/\.[^.]*$/, '').toUpperCase();
  if (
    /^(LICEN[CS]E|COPYING|NOTICE|README|CHANGELOG|CHANGES|AUTHORS|CONTRIBUTING|SOURCES)([-_.].*)?$/.test(base)
  ) {
    return true;
  }
  return NOT_METADATA_EXTENSIONS.has(extensionOf(name));
}

// --- internal ---

const NOT_METADATA_EXTENSIONS: ReadonlySet<string> = new Set([
  ...[
    '.md',
    '.markdown',
    '.rst',
    '.txt',
    '.tsv',
    '.csv',
    '.html',
    '.htm',
    '.pdf',
    '.license',
    '.lock',
    '.log',
  ],
  ...['.png', '.jpg', '.jpeg', '.gif', '.svg', '.ico', '.webp', '.bmp', '.tif', '.tiff', '.avif'],
  ...['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.py', '.go', '.rs', '.sh', '.map'],
]);

function extensionOf(file: string): string {
  return /\.[^./\\]+$/.exec(file)?.[0].toLowerCase() ?? '';
}
