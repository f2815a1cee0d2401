import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sharedDataForTest } from '@toolsift/test-support/shared-data';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../src/diagnostics.js';
import { formatLoaders } from '../../../src/loaders/formats/registry.js';
import type { FormatLoader, ParsedDocument } from '../../../src/loaders/types.js';
import { type ToolFormat, ToolSchema } from '../../../src/model/tool.js';
import { readTestDocument } from './document.js';

// Format detection over every file of the public corpora and bench catalogs, as their projects published them:
// the formats' fixtures (formats/*.test.ts) are ours, these are the variety found in the wild.
const label = 'format detection over the public corpora (packages/core/test/loaders/formats/corpora.test.ts)';
const corporaRoot = sharedDataForTest('corpora', label);
const benchRoot = corporaRoot === undefined ? undefined : sharedDataForTest('bench', label);

/** The format of every tool file, by its top folder under corpora/. */
const FOLDER_FORMATS: Record<string, ToolFormat> = {
  matimo: 'matimo',
  'paularlott-toolmetadata': 'paularlott',
  'gloodata-extension-info': 'extension-info',
  'mcp-tools-list': 'mcp',
  'openai-functions': 'openai',
};
const DETECT_THRESHOLD = 0.5;

describe.skipIf(corporaRoot === undefined || benchRoot === undefined)(
  'format loaders on the real corpora and bench tools',
  () => {
    it('detects every corpus tool file as exactly its format, and loads at least 1,000 valid tools with no errors', () => {
      const counts = new Map<ToolFormat, number>();
      const count = (format: ToolFormat, tools: number): void => {
        counts.set(format, (counts.get(format) ?? 0) + tools);
      };
      const files = walk(corporaRoot!).filter((file) => /\.(json|jsonl|ya?ml|toml)$/i.test(file));
      expect(files.length).toBeGreaterThan(400);
      const notTools: string[] = [];
      for (const file of files) {
        const relative = path.relative(corporaRoot!, file);
        const expected = FOLDER_FORMATS[relative.split(path.sep)[0] ?? ''];
        expect(expected, relative).toBeDefined();
        const document = readTestDocument(file, relative);
        const loader = detectOnly(document, relative);
        expect(loader.format, relative).toBe(expected);
        const { tools, diagnostics } = loadWith(loader, document);
        expect(
          diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
          relative,
        ).toEqual([]);
        if (diagnostics.some((diagnostic) => diagnostic.code === 'NOT_A_TOOL')) notTools.push(relative);
        for (const tool of tools) {
          const parsed = ToolSchema.parse(tool);
          expect(parsed.source.format).toBe(expected);
          expect(parsed.source.file).toBe(relative);
        }
        const isEmptyList = Array.isArray(document.data) && document.data.length === 0;
        if (!isEmptyList && !notTools.includes(relative)) expect(tools.length, relative).toBeGreaterThan(0);
        count(loader.format, tools.length);
      }
      // The 11 Matimo provider files and the one scriptling prompt are the only "not a tool" files.
      expect(notTools.filter((file) => file.startsWith('matimo'))).toHaveLength(11);
      expect(notTools.filter((file) => file.startsWith('paularlott'))).toEqual([
        path.join(
          'paularlott-toolmetadata',
          'scriptling',
          'NOT-A-TOOL.prompt.examples_mcp-resources-prompts_prompts_review.toml',
        ),
      ]);
      expect(counts.get('matimo')).toBe(143);
      expect(counts.get('paularlott')).toBe(43);
      expect(counts.get('mcp')).toBe(872);
      expect(counts.get('extension-info')).toBeGreaterThanOrEqual(55);
      expect(counts.get('openai')).toBeGreaterThanOrEqual(652);
      const total = [...counts.values()].reduce((sum, value) => sum + value, 0);
      expect(total).toBeGreaterThanOrEqual(1000);
    });

    it('loads every bench tools.jsonl as OpenAI definitions whose ids are the names as written', () => {
      const benches = readdirSync(benchRoot!).filter((name) =>
        existsSync(path.join(benchRoot!, name, 'tools.jsonl')),
      );
      expect(benches.length).toBeGreaterThanOrEqual(8);
      for (const bench of benches) {
        const relative = path.join(bench, 'tools.jsonl');
        const document = readTestDocument(path.join(benchRoot!, relative), relative);
        const loader = detectOnly(document, relative);
        expect(loader.format, relative).toBe('openai');
        const { tools, diagnostics } = loadWith(loader, document);
        expect(
          diagnostics.filter((diagnostic) => diagnostic.severity === 'error'),
          relative,
        ).toEqual([]);
        const names = (document.data as { name: string }[]).map((line) => line.name);
        expect(tools.map((tool) => tool.id)).toEqual(names);
        for (const tool of tools) ToolSchema.parse(tool);
      }
    });
  },
);

// --- internal ---

function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** The one loader whose confidence is highest, above the threshold, and strictly above every other. */
function detectOnly(document: ParsedDocument, label: string): FormatLoader {
  const scored = formatLoaders
    .map((loader) => ({ loader, confidence: loader.detect(document) }))
    .sort((a, b) => b.confidence - a.confidence);
  const [best, second] = scored;
  expect(best, label).toBeDefined();
  expect(best?.confidence, `${label}: ${best?.loader.format}`).toBeGreaterThanOrEqual(DETECT_THRESHOLD);
  expect(
    second?.confidence ?? 0,
    `${label}: ${best?.loader.format} vs ${second?.loader.format}`,
  ).toBeLessThan(best?.confidence ?? 0);
  return best!.loader;
}

function loadWith(loader: FormatLoader, document: ParsedDocument) {
  const diagnostics: Diagnostic[] = [];
  const tools = loader.load(document, {
    report: (diagnostic) => diagnostics.push({ ...diagnostic, file: document.file }),
  });
  return { tools, diagnostics };
}
