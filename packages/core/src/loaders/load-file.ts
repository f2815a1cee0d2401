import type { Diagnostic } from '../diagnostics.js';
import { ErrorCode } from '../errors.js';
import type { ToolFormat } from '../model/tool.js';
import { type CatalogMemo, catalogMemoKey } from './catalog-memo.js';
import { hasSupportedExtension, unsupportedExtensionMessage } from './detect-format.js';
import { isJsonExact } from './is-json-exact.js';
import { type LoadedFile, loadDocument } from './load-document.js';
import { parseDocument } from './parse-document.js';
import { readSource } from './read-source.js';
import type { FormatLoader } from './types.js';

/** Options for `loadFile`. */
export interface LoadFileOptions {
  /** The format loaders to choose from. */
  loaders: readonly FormatLoader[];
  /** Name of the file in diagnostics (defaults to the path). */
  file?: string;
  /** Use this format instead of detecting one. */
  format?: ToolFormat | undefined;
  /** Refuse larger files (default 10 MB). */
  maxFileBytes?: number | undefined;
  /** Named on the command line (true) or met while walking a folder (false, the default). */
  isExplicit?: boolean;
  /** Results of earlier loads by content: a file whose text, name and options are unchanged is not parsed again. */
  memo?: CatalogMemo | undefined;
}

/**
 * Read, parse and load one metadata file; never throws for bad content. A walked file without a
 * metadata extension is tried too, but skipped quietly unless a loader recognises it.
 */
export async function loadFile(path: string, options: LoadFileOptions): Promise<LoadedFile> {
  const file = options.file ?? path;
  const isSupported = hasSupportedExtension(file) || options.format !== undefined;
  if (options.isExplicit === true && !isSupported) {
    return failed({
      code: ErrorCode.UnsupportedFormat,
      severity: 'error',
      file,
      message: unsupportedExtensionMessage(file),
    });
  }
  const isLenient = !isSupported;

  const source = await readSource(path, {
    file,
    ...(options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {}),
  });
  if (source.diagnostic !== undefined) {
    if (!isLenient) return failed(source.diagnostic);
    // A stray file of unknown type: an empty one is nothing; others get a warning, not an error.
    if (source.diagnostic.code === ErrorCode.EmptyFile) return skipped();
    return failed({ ...source.diagnostic, severity: 'warning' });
  }

  const { memo } = options;
  const key =
    memo === undefined
      ? undefined
      : catalogMemoKey({ file, format: options.format, isLenient, text: source.text });
  if (memo === undefined || key === undefined) return loadText(source.text, file, options, isLenient);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const loaded = loadText(source.text, file, options, isLenient);
  if (isJsonExact(loaded)) memo.set(key, loaded);
  return loaded;
}

// --- internal ---

function loadText(text: string, file: string, options: LoadFileOptions, isLenient: boolean): LoadedFile {
  const parsed = parseDocument(text, { file });
  if (parsed.document === undefined) return isLenient ? skipped() : failed(...parsed.diagnostics);
  const loaded = loadDocument(parsed.document, {
    loaders: options.loaders,
    format: options.format,
    isLenient,
  });
  if (loaded.isSkipped) return loaded;
  return { ...loaded, diagnostics: [...parsed.diagnostics, ...loaded.diagnostics] };
}

function failed(...diagnostics: Diagnostic[]): LoadedFile {
  return { tools: [], diagnostics, isSkipped: false };
}

function skipped(): LoadedFile {
  return { tools: [], diagnostics: [], isSkipped: true };
}
