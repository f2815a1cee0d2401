import path from 'node:path';
import { createEmbedder, type DoctorFinding, type DoctorReport, diagnoseCatalog } from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../cli/run-toolsift.js';

/**
 * The doctor over a catalog with faults planted in it (test/fixtures/doctor/planted: two MCP servers' tool lists and
 * the overlays that give their tools own prompts), with use-lite: each planted fault is found, with its evidence,
 * and the tools whose prompts fit them are not flagged.
 */
const PLANTED = path.join(REPO_ROOT, 'test', 'fixtures', 'doctor', 'planted');

let report: DoctorReport;
beforeAll(async () => {
  const embedder = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
  report = await diagnoseCatalog({ catalog: PLANTED, embedder, cwd: REPO_ROOT });
}, 180_000);

const findingsOf = (code: DoctorFinding['code']) =>
  report.findings.filter((finding) => finding.code === code);

describe('the doctor over a catalog with planted faults (use-lite)', () => {
  test('the tool whose only example asks about the weather is unreachable, and a weather tool took it', () => {
    const [unreachable] = findingsOf('UNREACHABLE').filter((finding) => finding.tools[0] === 'notes_archive');
    expect(unreachable).toMatchObject({ severity: 'error', kind: 'reach' });
    expect(unreachable?.details).toMatchObject({
      first: 0,
      inTop: 0,
      prompts: [{ text: 'will it rain in Oslo tomorrow?', source: 'example', index: 0, rank: null }],
    });
    const details = unreachable?.details as { prompts: Array<{ first: string }> };
    expect(details.prompts[0]?.first).toMatch(/weather|forecast|alerts|uv_index|air_quality/);
    expect(unreachable?.evidence).toEqual([
      `"will it rain in Oslo tomorrow?" (example 1): not in the first 5; first: ${details.prompts[0]?.first}`,
    ]);
    expect(unreachable?.fix).toContain(details.prompts[0]?.first);
  });

  test("the two tools carrying each other's example are a confusable pair, with those prompts", () => {
    const pairs = findingsOf('CONFUSABLE').filter((finding) => finding.tools.includes('list_invoices'));
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({
      tools: ['list_invoices', 'refund_payment'],
      severity: 'warning',
      details: {
        isDeclared: false,
        prompts: [
          { tool: 'list_invoices', text: 'refund the last payment of customer 42', first: 'refund_payment' },
          { tool: 'refund_payment', text: 'show me the invoices of customer 42', first: 'list_invoices' },
        ],
      },
    });
  });

  test('the tools whose examples fit them are reached: no error for any weather tool', () => {
    const weatherErrors = report.findings.filter(
      (finding) =>
        finding.severity === 'error' && finding.tools.some((id) => /weather|uv_index|air_quality/.test(id)),
    );
    expect(weatherErrors).toEqual([]);
    expect(report.reach.prompts).toBe(17);
    expect(report.reach.inTop).toBeGreaterThan(report.reach.prompts / 2);
  });

  test('a deprecated tool is named with its replacement, its reach not judged, and asked for no examples', () => {
    expect(findingsOf('DEPRECATED')).toMatchObject([
      {
        tools: ['get_forecast_v1'],
        severity: 'info',
        details: { replacement: 'weather_forecast', evidence: 'DEPRECATED: Use weather_forecast instead.' },
      },
    ]);
    const others = report.findings.filter(
      (finding) => finding.code !== 'DEPRECATED' && finding.tools.includes('get_forecast_v1'),
    );
    expect(others.map((finding) => finding.code)).toEqual([]);
  });

  test('thin metadata, an undeclared write and a name two servers use', () => {
    expect(findingsOf('SHORT_DESCRIPTION')).toMatchObject([{ tools: ['ping'], details: { words: 2 } }]);
    expect(findingsOf('NO_PROMPTS').map((finding) => finding.tools[0])).toEqual(['ping']);
    expect(findingsOf('UNDECLARED_WRITE')).toMatchObject([
      { tools: ['notes_archive'], details: { action: 'update', word: 'move' } },
    ]);
    expect(findingsOf('NAME_COLLISION')).toMatchObject([
      { details: { name: 'search', origins: ['server office-server', 'server weather-server'] } },
    ]);
  });

  test("the overlay's entry that matches no tool, and the one written for another description", () => {
    const overlay = path.join(PLANTED, 'planted.overlay.yaml');
    expect(findingsOf('OVERLAY_UNMATCHED')).toMatchObject([
      { tools: [], severity: 'warning', details: { file: overlay, pointer: '/tools/notes_archiv' } },
    ]);
    expect(findingsOf('OVERLAY_STALE')).toMatchObject([
      { tools: ['send_message'], severity: 'info', details: { file: overlay } },
    ]);
  });

  test('findings come by kind, then severity; the counts add up', () => {
    const kinds = report.findings.map((finding) => finding.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b)));
    expect(report.counts.error).toBe(
      report.findings.filter((finding) => finding.severity === 'error').length,
    );
  });
});

const KIND_ORDER = [
  'reach',
  'confusable',
  'thin-metadata',
  'deprecated',
  'undeclared-write',
  'name-collision',
  'overlay',
];
