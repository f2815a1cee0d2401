import type { Diagnostic } from '../diagnostics.js';
import type { ToolFormat, ToolInput } from '../model/tool.js';

/** A file parsed by syntax (JSON, JSON Lines, YAML or TOML), before any format is applied. */
export interface ParsedDocument {
  /** Path of the file, as given. */
  file: string;
  /** The syntax the text was parsed as. */
  syntax: 'json' | 'jsonl' | 'yaml' | 'toml';
  /** The parsed value. For JSON Lines: an array of the line values. */
  data: unknown;
  /** 1-based line/column of the value at a JSON pointer, where the syntax can say. */
  locate(pointer: string): { line: number; column: number } | undefined;
}

/** What a format loader gets besides the document. */
export interface FormatLoaderContext {
  /** Report a problem; the loader keeps going with the rest of the file. */
  report(diagnostic: Omit<Diagnostic, 'file'>): void;
}

/** A tool as a loader produces it; `source` is filled in by the loader with format, file and pointer. */
export type LoadedTool = ToolInput;

/** One metadata format: recognises documents by content and turns them into tools. Loaders only parse. */
export interface FormatLoader {
  format: ToolFormat;
  /** Confidence in [0,1] that the document is in this format, judged by content (and file name as a hint). */
  detect(document: ParsedDocument): number;
  /** Turn the document into tools; never throws on bad content, reports diagnostics instead. */
  load(document: ParsedDocument, context: FormatLoaderContext): LoadedTool[];
}
