import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../../src/diagnostics.js';
import type { FormatLoader, LoadedTool, ParsedDocument } from '../../../src/loaders/types.js';
import { type Tool, ToolSchema } from '../../../src/model/tool.js';
import { parseTestDocument, readTestDocument } from './document.js';

/** Folder of the format fixtures. */
export const fixturesRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/formats',
);

/** What a loader produced: the raw tools, the same validated by `ToolSchema`, and its diagnostics. */
export interface Loaded {
  raw: LoadedTool[];
  tools: Tool[];
  diagnostics: Diagnostic[];
}

/** Loads a fixture (path below fixtures/formats) with one loader; `file` in sources is that relative path. */
export function loadFixture(loader: FormatLoader, relative: string): Loaded {
  return loadDocument(loader, readTestDocument(path.join(fixturesRoot, relative), relative));
}

/** Loads text written inline in a test, named `file` (its extension picks the syntax). */
export function loadText(loader: FormatLoader, file: string, text: string): Loaded {
  return loadDocument(loader, parseTestDocument(file, text));
}

/** Loads a document; every tool must validate against `ToolSchema`. */
export function loadDocument(loader: FormatLoader, document: ParsedDocument): Loaded {
  const diagnostics: Diagnostic[] = [];
  const raw = loader.load(document, {
    report: (diagnostic) => diagnostics.push({ ...diagnostic, file: document.file }),
  });
  return { raw, tools: raw.map((tool) => ToolSchema.parse(tool)), diagnostics };
}

/** The one tool with this id (fails the test when missing). */
export function toolById(loaded: Loaded, id: string): Tool {
  const tool = loaded.tools.find((candidate) => candidate.id === id);
  if (tool === undefined)
    throw new Error(`No tool "${id}" among ${loaded.tools.map((entry) => entry.id).join(', ')}`);
  return tool;
}
