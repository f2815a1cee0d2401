import { describe, expect, it } from 'vitest';
import { selfDescribingLoader } from '../../../src/loaders/formats/self-describing.js';
import { parseTestDocument } from './document.js';
import { loadFixture, loadText } from './load-fixture.js';

describe('selfDescribingLoader', () => {
  const search = loadFixture(selfDescribingLoader, 'self-describing/tool_metadata/web_search.yaml');
  const [tool] = search.tools;

  it('maps name, title, description, category, capabilities and keywords; no parameters by default', () => {
    expect(search.diagnostics).toEqual([]);
    expect(tool).toMatchObject({
      id: 'web_search',
      name: 'web_search',
      title: 'Web Search',
      description: 'Search the public web and return ranked result snippets with links.',
      category: 'web',
      capabilities: ['search', 'http'],
      keywords: ['google', 'look up', 'find online'],
      parameters: { type: 'object', properties: {} },
      source: {
        format: 'self-describing',
        file: 'self-describing/tool_metadata/web_search.yaml',
        pointer: '',
        line: 1,
      },
    });
  });

  it('maps use cases with not_for', () => {
    expect(tool?.useCases).toEqual([
      {
        title: 'Current events',
        whenToUse: "The answer depends on news or facts newer than the model's training data.",
        example: "What did the central bank decide at today's meeting?",
        notFor: "Questions about files in the user's own workspace.",
      },
      {
        title: 'Find documentation',
        whenToUse: 'The user needs the official docs page for a library or API.',
      },
    ]);
  });

  it('maps conflicts with their severity, medium when omitted', () => {
    expect(tool?.conflicts).toEqual([
      {
        tool: 'http_request',
        reason: 'Both can fetch web content.',
        whenPreferThis: 'The user gives a topic, not a URL.',
        whenPreferOther: 'The user gives an exact URL to fetch.',
        severity: 'high',
      },
      {
        tool: 'mcp:brave',
        reason: 'The Brave MCP server offers the same search.',
        whenPreferThis: 'No MCP server is configured.',
        whenPreferOther: 'The Brave server is connected and has quota left.',
        severity: 'low',
      },
      {
        tool: 'knowledge_base',
        reason: 'Internal answers may already exist.',
        whenPreferThis: 'The topic is public.',
        whenPreferOther: 'The topic is about the company itself.',
        severity: 'medium',
      },
    ]);
  });

  it('maps alternatives and complements', () => {
    expect(tool?.alternatives).toEqual([
      {
        tool: 'news_search',
        when: 'The user wants headlines from the last day only.',
        benefits: 'Fresher results and publisher metadata.',
      },
    ]);
    expect(tool?.complements).toEqual([
      {
        tool: 'http_request',
        scenario: 'Open the best result to read the full page.',
        example: 'Search for the changelog, then fetch the top link.',
      },
    ]);
  });

  it('maps examples; explanations go to the extension by index', () => {
    expect(tool?.examples).toEqual([
      {
        name: 'Library release',
        description: 'Find when a library version shipped',
        input: { query: 'zod 4 release date', max_results: 3 },
        output: { results: [{ title: 'Zod 4 is here', url: 'https://example.com/zod-4' }] },
      },
    ]);
    expect(tool?.extensions['self-describing']?.example_explanations).toEqual([
      { index: 0, explanation: 'A precise query with a small result count keeps the answer short.' },
    ]);
  });

  it('maps prerequisites and the rate limit', () => {
    expect(tool?.prerequisites).toEqual([
      {
        name: 'Search API key',
        requiredFor: ['tavily', 'serpapi'],
        envVars: ['TAVILY_API_KEY', 'SERPAPI_KEY'],
        configKeys: [],
        howToGet: "Create a free account on the provider's site and copy the key.",
        fallback: 'http_request',
      },
    ]);
    expect(tool?.rateLimit).toEqual({
      limits: { tavily: 1000, serpapi: 100 },
      notes: 'Limits are requests per month on the free plans.',
    });
  });

  it('keeps best_practices, common_errors, providers and backend under the extension', () => {
    expect(tool?.extensions['self-describing']).toMatchObject({
      best_practices: 'Put the most specific words first and keep queries under ten words.\n',
      common_errors: [
        {
          error: '429 Too Many Requests',
          cause: "The provider's monthly quota is used up.",
          solution: 'Wait for the quota to reset or switch provider.',
        },
      ],
      providers: ['tavily', 'serpapi'],
      backend: 'tavily',
    });
  });

  it('reads parameters written as JSON Schema or as a parameter list (input_schema)', () => {
    const http = loadFixture(selfDescribingLoader, 'self-describing/tool_metadata/http_request.yaml')
      .tools[0];
    expect(http?.parameters).toEqual({
      type: 'object',
      properties: {
        url: { type: 'string', description: 'Address to fetch' },
        method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'], default: 'GET' },
      },
      required: ['url'],
    });
    const convert = loadFixture(selfDescribingLoader, 'self-describing/tool_metadata/unit_convert.yaml')
      .tools[0];
    expect(convert?.parameters).toEqual({
      type: 'object',
      properties: {
        value: { type: 'number', description: 'Quantity to convert' },
        from: { type: 'string' },
        to: { type: 'string' },
      },
      required: ['value', 'from', 'to'],
    });
  });

  it('reports bad entries with their pointer and line, and keeps the good ones', () => {
    const text = [
      'name: t',
      'capabilities: [x]',
      'keywords: 42',
      'conflicts:',
      '  - reason: no tool named',
      '  - tool: other',
      '    severity: extreme',
      'rate_limit: {limits: {a: many}}',
    ].join('\n');
    const loaded = loadText(selfDescribingLoader, 't.yaml', text);
    expect(loaded.diagnostics.map(({ pointer, line, message }) => ({ pointer, line, message }))).toEqual([
      { pointer: '/keywords', line: 3, message: 'Expected a list of strings at /keywords, found number 42.' },
      {
        pointer: '/conflicts/0/tool',
        line: 5,
        message: 'Expected a string at /conflicts/0/tool, found nothing.',
      },
      {
        pointer: '/conflicts/1/severity',
        line: 7,
        message: 'Expected one of high, medium, low at /conflicts/1/severity, found string "extreme".',
      },
      {
        pointer: '/rate_limit/limits/a',
        line: 8,
        message: 'Expected a number at /rate_limit/limits/a, found string "many".',
      },
    ]);
    expect(loaded.tools[0]?.conflicts).toEqual([{ tool: 'other', severity: 'medium' }]);
  });

  it('skips a file without a name, with an error', () => {
    const loaded = loadText(selfDescribingLoader, 'x.yaml', 'use_cases: []\n');
    expect(loaded.tools).toEqual([]);
    expect(loaded.diagnostics[0]).toMatchObject({
      code: 'METADATA_INVALID',
      severity: 'error',
      message: 'Self-describing metadata needs a "name" (a string); the tool is skipped.',
    });
  });

  it.each([
    ['use_cases', 'tool_metadata/a.yaml', 'name: a\nuse_cases: []', 0.85],
    ['several markers', 'a.yaml', 'name: a\nuse_cases: []\nconflicts: []\nrate_limit: {}', 0.9],
    ['only a title and category', 'a.yaml', 'name: a\ntitle: A\ncategory: web', 0.4],
    ['a Matimo definition', 'a.yaml', 'name: a\nexecution: {type: http}\nuse_cases: []', 0],
    ['a TOML file', 'a.toml', 'use_cases = []', 0],
  ])('detects %s', (_label, file, text, confidence) => {
    expect(selfDescribingLoader.detect(parseTestDocument(file, text))).toBeCloseTo(confidence);
  });
});
