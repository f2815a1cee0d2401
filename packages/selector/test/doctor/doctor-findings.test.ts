import { descriptionHash, type ToolOverlay } from '@toolsift/core';
import { describe, expect, test } from 'vitest';
import { diagnoseCatalog } from '../../src/doctor/diagnose-catalog.js';
import { DOCTOR_KIND_OF, DoctorCode } from '../../src/doctor/doctor-finding.js';
import {
  deprecationFindings,
  thinMetadataFindings,
  undeclaredWriteFindings,
} from '../../src/doctor/metadata-findings.js';
import { nameCollisionFindings } from '../../src/doctor/name-collisions.js';
import { overlayFindings } from '../../src/doctor/overlay-findings.js';
import { holdOut, ownPrompts } from '../../src/doctor/own-prompts.js';
import { countingEmbedder, makeTool, sampleTools } from '../fixtures/make-tool.js';

describe('DoctorCode', () => {
  test('the codes are public API: the whole table, each with its kind', () => {
    expect(DOCTOR_KIND_OF).toEqual({
      UNREACHABLE: 'reach',
      NOT_FIRST: 'reach',
      PROMPTS_MISSED: 'reach',
      CONFUSABLE: 'confusable',
      NO_PROMPTS: 'thin-metadata',
      SHORT_DESCRIPTION: 'thin-metadata',
      UNDESCRIBED_PARAMETERS: 'thin-metadata',
      DEPRECATED: 'deprecated',
      UNDECLARED_WRITE: 'undeclared-write',
      NAME_COLLISION: 'name-collision',
      OVERLAY_UNMATCHED: 'overlay',
      OVERLAY_STALE: 'overlay',
    });
    expect(Object.values(DoctorCode).sort()).toEqual(Object.keys(DOCTOR_KIND_OF).sort());
  });
});

describe('own prompts', () => {
  const tool = makeTool({
    id: 'calculator',
    description: 'Exact arithmetic.',
    useCases: [
      { title: 'Percentages', example: 'What is 17.5% of 2,340?' },
      { title: 'Growth', whenToUse: 'Growth between two numbers' },
    ],
    examples: [{ prompt: 'what is  17.5% of 2,340?' }, { name: 'Split', description: 'Split a bill' }],
  });

  test('one per distinct text, case and spacing aside, each where first written', () => {
    expect(ownPrompts(tool)).toEqual([
      { text: 'What is 17.5% of 2,340?', source: 'use-case', index: 0 },
      { text: 'Growth between two numbers', source: 'use-case', index: 1 },
      { text: 'Split. Split a bill', source: 'example', index: 1 },
    ]);
  });

  test('holding a prompt out removes every writing of it, and nothing else', () => {
    const [percentages] = ownPrompts(tool);
    const held = holdOut(tool, [percentages!]);
    expect(held.useCases.map((useCase) => useCase.title)).toEqual(['Growth']);
    expect(held.examples).toEqual([{ name: 'Split', description: 'Split a bill' }]);
    expect(holdOut(tool, [])).toBe(tool);
  });
});

describe('metadata findings', () => {
  test.each([
    ['a description of a few words', { description: 'Checks it.' }, 'SHORT_DESCRIPTION', 'warning'],
    [
      'no parameter described',
      { parameters: { type: 'object', properties: { path: { type: 'string' } } } },
      'UNDESCRIBED_PARAMETERS',
      'warning',
    ],
    [
      'some parameters undescribed',
      {
        parameters: {
          type: 'object',
          properties: { path: { type: 'string', description: 'File path' }, mode: { type: 'string' } },
        },
      },
      'UNDESCRIBED_PARAMETERS',
      'info',
    ],
    ['no use case and no example', {}, 'NO_PROMPTS', 'warning'],
  ])('%s', (_, fields, code, severity) => {
    const tool = makeTool({ id: 'tool', description: 'Look up the opening hours of a shop.', ...fields });
    expect(thinMetadataFindings([tool]).find((finding) => finding.code === code)).toMatchObject({
      severity,
      tools: ['tool'],
    });
  });

  test('a deprecated tool is no NO_PROMPTS finding', () => {
    const tool = makeTool({ id: 'old', description: 'DEPRECATED: use new_tool instead.' });
    expect(thinMetadataFindings([tool], new Set(['old'])).map((finding) => finding.code)).toEqual([]);
  });

  test.each([
    ['names its replacement', 'DEPRECATED: Use read_text_file instead.', 'info', 'read_text_file'],
    ['names a tool the catalog lacks', 'Deprecated. Use read_everything instead.', 'warning', undefined],
    ['says no more', '(Deprecated) Read a file.', 'warning', undefined],
  ])('deprecated: %s', (_, description, severity, replacement) => {
    const tools = [
      makeTool({ id: 'read_file', description }),
      makeTool({ id: 'read_text_file', description: 'Read a text file.' }),
    ];
    const [finding, ...others] = deprecationFindings(tools);
    expect(others).toEqual([]);
    expect(finding).toMatchObject({ code: 'DEPRECATED', severity, tools: ['read_file'] });
    expect(finding?.details).toMatchObject(replacement === undefined ? {} : { replacement });
  });

  test.each([
    [
      'its description opens with a write, its name says nothing',
      'notes_archive',
      'Move old notes to the archive.',
      'update',
    ],
    ['it opens with a send', 'sms_gateway', 'Sends a text message to a phone.', 'write'],
  ])('undeclared write: %s', (_, id, description, action) => {
    const tool = makeTool({ id, description });
    expect(undeclaredWriteFindings([tool])).toMatchObject([
      { code: 'UNDECLARED_WRITE', severity: 'warning', tools: [id], details: { action } },
    ]);
  });

  test.each([
    [
      'readOnlyHint says it writes',
      'notes_archive',
      'Move old notes to the archive.',
      { readOnlyHint: false },
    ],
    ['its name starts with a verb', 'move_notes', 'Move old notes to the archive.', undefined],
    ['its description opens with a read', 'notes_lookup', 'Find notes and move through them.', undefined],
  ])('no undeclared write when %s', (_, id, description, annotations) => {
    const tool = makeTool({ id, description, ...(annotations === undefined ? {} : { annotations }) });
    expect(undeclaredWriteFindings([tool])).toEqual([]);
  });
});

describe('name collisions', () => {
  const server = (name: string) => ({ name, aliases: [] });
  test('one name within two servers collides; one server listing it under two ids does not', () => {
    const tools = [
      makeTool({ id: 'github__search', description: 'Search code.', server: server('github') }),
      makeTool({ id: 'gitlab__search', description: 'Search code.', server: server('gitlab') }),
      makeTool({ id: 'gitlab__list', description: 'List projects.', server: server('gitlab') }),
    ];
    expect(nameCollisionFindings(tools)).toMatchObject([
      {
        code: 'NAME_COLLISION',
        tools: ['github__search', 'gitlab__search'],
        details: { name: 'search', origins: ['server github', 'server gitlab'] },
      },
    ]);
    expect(nameCollisionFindings(tools.slice(1))).toEqual([]);
  });
});

describe('overlay findings of tools given with their overlays applied', () => {
  const overlay: ToolOverlay = {
    file: 'mine.yaml',
    isShipped: false,
    entries: [
      { tool: 'search', pointer: '/tools/search', line: 3, writtenFor: ['000000000000'], values: {} },
      { tool: 'serach', pointer: '/tools/serach', line: 5, values: {} },
    ],
  };
  const applied = makeTool({
    id: 'search',
    description: 'Search the notes.',
    overlays: [{ file: 'mine.yaml', pointer: '/tools/search', fields: ['examples'] }],
  });

  test('an entry no tool records is unmatched; a recorded one written for another description is stale', () => {
    const findings = overlayFindings({ tools: [applied], diagnostics: [], overlays: [overlay] });
    expect(findings).toMatchObject([
      { code: 'OVERLAY_STALE', tools: ['search'], details: { file: 'mine.yaml', line: 3 } },
      {
        code: 'OVERLAY_UNMATCHED',
        tools: [],
        details: { file: 'mine.yaml', pointer: '/tools/serach', line: 5 },
      },
    ]);
    expect(findings[0]?.evidence[0]).toContain(descriptionHash(applied.description));
  });

  test('a shipped overlay gives neither', () => {
    expect(
      overlayFindings({ tools: [applied], diagnostics: [], overlays: [{ ...overlay, isShipped: true }] }),
    ).toEqual([]);
  });
});

describe('diagnoseCatalog', () => {
  test('reports progress, and its report holds the counts and the estimate (hash embedder)', async () => {
    const progress: string[] = [];
    const report = await diagnoseCatalog({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      onProgress: ({ stage, done, total }) => progress.push(`${stage} ${done}/${total}`),
    });
    expect(report).toMatchObject({ version: 1, tools: 5, catalogErrors: 0, estimate: { tools: 10_000 } });
    expect(report.reach).toMatchObject({ k: 5, prompts: 2, tools: 1 });
    expect(progress.at(-1)).toBe('select 2/2');
    expect(progress[0]).toMatch(/^embed /);
    const counted = { error: 0, warning: 0, info: 0 };
    for (const finding of report.findings) counted[finding.severity] += 1;
    expect(report.counts).toEqual(counted);
  });

  test('an empty catalog is EMPTY_CATALOG', async () => {
    await expect(diagnoseCatalog({ catalog: [], embedder: countingEmbedder() })).rejects.toMatchObject({
      code: 'EMPTY_CATALOG',
    });
  });
});
