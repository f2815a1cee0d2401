import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBenchQuery, readBenchQueries } from '../../src/eval/bench-query.js';
import { evaluateSelector } from '../../src/eval/evaluate-selector.js';
import { sampleQueries, splitQueriesById } from '../../src/eval/sample-queries.js';
import { createSelector } from '../../src/selector/create-selector.js';
import { countingEmbedder, sampleTools } from '../fixtures/make-tool.js';

describe('evaluateSelector', () => {
  it('skips gold null, counts abstention on gold [], honours candidates and gold groups', async () => {
    const selector = await createSelector({
      catalog: sampleTools(),
      embedder: countingEmbedder(),
      indexDir: false,
    });
    const report = await evaluateSelector({
      selector,
      queries: [
        { id: '1', query: 'stock price of ACME', gold: ['stock_quote'] },
        {
          id: '2',
          query: 'send an email message about the stock price',
          gold: ['send_email'],
          candidates: ['send_email', 'translate_text'],
        },
        {
          id: '3',
          query: 'translate to French',
          gold: ['translate_text', 'nope'],
          goldGroups: [['nope', 'translate_text']],
        },
        { id: '4', query: 'anything', gold: null },
        { id: '5', query: 'tell me a joke', gold: [] },
      ],
      k: 10,
      selectOptions: { abstain: false },
    });
    expect(report).toMatchObject({ skipped: 1, answerable: 3, abstainQueries: 1, missingGold: ['nope'] });
    expect(report.summary).toMatchObject({
      queries: 4,
      top1: 1,
      'recall@1': 1,
      abstain_correct: 0,
      abstain_wrong: 0,
    });
  });
});

describe('bench query files', () => {
  it('reads the common form and reports a bad line with file and line', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'toolsift-queries-'));
    const file = path.join(dir, 'queries.jsonl');
    await writeFile(
      file,
      '{"id":"a","query":"q","gold":["t"],"split":"dev"}\n\n{"id":"b","query":"q","gold":"t"}\n',
    );
    await expect(readBenchQueries(file)).rejects.toMatchObject({ code: 'PARSE_ERROR' });
    await expect(readBenchQueries(file)).rejects.toThrowErrorMatchingInlineSnapshot(
      `[ToolsiftError: ${file}:3: expected "gold" to be an array of tool names or null]`,
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('parses gold groups and candidates', () => {
    expect(
      parseBenchQuery('{"id":1,"query":"q","gold":["a"],"gold_groups":[["a","b"]],"candidates":["a"]}', 'x'),
    ).toEqual({
      id: '1',
      query: 'q',
      gold: ['a'],
      goldGroups: [['a', 'b']],
      candidates: ['a'],
    });
  });

  it('samples evenly and splits by id hash, deterministically', () => {
    const queries = Array.from({ length: 100 }, (_, index) => ({ id: `q${index}`, query: 'q', gold: [] }));
    expect(sampleQueries(queries, 4).map((query) => query.id)).toEqual(['q0', 'q25', 'q50', 'q75']);
    const split = splitQueriesById(queries, { fraction: 0.5 });
    expect(split.first.length + split.second.length).toBe(100);
    expect(split.first.length).toBeGreaterThan(30);
    expect(splitQueriesById(queries, { fraction: 0.5 })).toEqual(split);
  });
});
