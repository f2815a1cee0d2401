import { readFileSync } from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { isNode, LineCounter, parseDocument as parseYamlDocument } from 'yaml';
import type { ParsedDocument } from '../../../src/loaders/types.js';

/**
 * A `ParsedDocument` for format-loader tests, by file extension: JSON (a `.json` file that is really JSON
 * Lines is read as such, like BFCL's), JSON Lines, YAML (with line/column lookup) or TOML.
 */
export function parseTestDocument(file: string, text: string): ParsedDocument {
  const extension = /\.[^./\\]+$/.exec(file)?.[0].toLowerCase() ?? '';
  if (extension === '.toml') return { file, syntax: 'toml', data: parseToml(text), locate: () => undefined };
  if (extension === '.yaml' || extension === '.yml') return yamlDocument(file, text);
  if (extension === '.jsonl' || extension === '.ndjson') return jsonLinesDocument(file, text);
  try {
    return { file, syntax: 'json', data: JSON.parse(text), locate: () => undefined };
  } catch (error) {
    if (text.trim().includes('\n')) return jsonLinesDocument(file, text);
    throw error;
  }
}

/** Reads a file and parses it with `parseTestDocument`; `file` is the name the document reports. */
export function readTestDocument(path: string, file: string = path): ParsedDocument {
  return parseTestDocument(file, readFileSync(path, 'utf8'));
}

// --- internal ---

function jsonLinesDocument(file: string, text: string): ParsedDocument {
  const lines = text.split('\n');
  const data: unknown[] = [];
  const lineOf: number[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    data.push(JSON.parse(line));
    lineOf.push(index + 1);
  });
  return {
    file,
    syntax: 'jsonl',
    data,
    locate(pointer) {
      const first = pointer.split('/')[1];
      const line = first === undefined ? undefined : lineOf[Number(first)];
      return line === undefined ? undefined : { line, column: 1 };
    },
  };
}

function yamlDocument(file: string, text: string): ParsedDocument {
  const lineCounter = new LineCounter();
  const document = parseYamlDocument(text, { lineCounter });
  return {
    file,
    syntax: 'yaml',
    data: document.toJS(),
    locate(pointer) {
      const path = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeSegment);
      const node = path.length === 0 ? document.contents : document.getIn(path, true);
      const offset = isNode(node) ? node.range?.[0] : undefined;
      if (offset === undefined) return undefined;
      const position = lineCounter.linePos(offset);
      return { line: position.line, column: position.col };
    },
  };
}

function unescapeSegment(segment: string): string | number {
  const text = segment.replaceAll('~1', '/').replaceAll('~0', '~');
  return /^\d+$/.test(text) ? Number(text) : text;
}
