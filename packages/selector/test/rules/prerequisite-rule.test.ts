import { describe, expect, it } from 'vitest';
import { makeTool } from '../fixtures/make-tool.js';
import { idsOf, rulesSelector } from './rules-fixture.js';

const tools = [
  makeTool({
    id: 'smtp_mail',
    description: 'Send an email message to a recipient through a mail relay.',
    prerequisites: [
      {
        name: 'relay credentials',
        envVars: ['RELAY_HOST', 'RELAY_PASSWORD'],
        howToGet: 'Ask the mail admin.',
        fallback: 'api_mail',
      },
    ],
    alternatives: [{ tool: 'draft_mail', when: 'a person should review it first' }],
    rateLimit: { limits: { relay: 500 }, notes: 'per day' },
    requiresApproval: true,
    risk: 'medium',
  }),
  makeTool({ id: 'api_mail', description: 'Deliver an email message through a web API.' }),
  makeTool({
    id: 'draft_mail',
    description: 'Create a draft email for later review.',
    annotations: { readOnlyHint: false },
  }),
  makeTool({
    id: 'cal_event',
    description: 'Create a calendar event with attendees.',
    prerequisites: [
      { name: 'config', configKeys: ['calendar_id'] },
      { name: 'OAuth: Calendar', oauth: 'Google Calendar' },
      { name: 'Operating system', operatingSystems: ['linux', 'macos'] },
    ],
  }),
];
const secret = 'hunter2-do-not-print';

describe('prerequisites', () => {
  it('moves a tool that cannot run to unavailable, offers its fallback in its place and its alternatives', async () => {
    const selector = await rulesSelector(tools);
    const selection = await selector.select('send an email message to a recipient', {
      k: 2,
      abstain: false,
      env: { RELAY_HOST: 'mx' },
    });
    expect(idsOf(selection)).not.toContain('smtp_mail');
    expect(idsOf(selection)[0]).toBe('api_mail');
    expect(selection.tools[0]?.reasons.find((reason) => reason.kind === 'fallback')?.message).toMatch(
      /offered in place of smtp_mail, which cannot run here \(missing env RELAY_PASSWORD\)/,
    );
    // Other tools of the fixture that cannot run here may be listed too; smtp_mail must be, with every detail.
    expect(selection.unavailable.filter((tool) => tool.id === 'smtp_mail')).toEqual([
      expect.objectContaining({
        id: 'smtp_mail',
        missing: [{ kind: 'env', name: 'RELAY_PASSWORD', prerequisite: 'relay credentials' }],
        howToGet: ['Ask the mail admin.'],
        fallback: ['api_mail'],
        requiresApproval: true,
        risk: 'medium',
      }),
    ]);
    expect(selection.suggestions).toContainEqual(
      expect.objectContaining({ id: 'draft_mail', for: 'smtp_mail' }),
    );
  });

  it('selects the tool when the environment has what it needs, and never returns values', async () => {
    const selector = await rulesSelector(tools);
    const selection = await selector.select('send an email message to a recipient through a mail relay', {
      k: 2,
      abstain: false,
      env: { RELAY_HOST: secret, RELAY_PASSWORD: secret },
    });
    expect(selection.tools[0]).toMatchObject({
      id: 'smtp_mail',
      requiresApproval: true,
      risk: 'medium',
      rateLimit: { limits: { relay: 500 } },
    });
    expect(selection.unavailable).toEqual([]);
    expect(JSON.stringify(selection)).not.toContain(secret);
  });

  it('keeps an unavailable tool in the ranking with includeUnavailable, annotated', async () => {
    const selector = await rulesSelector(tools);
    const selection = await selector.select('send an email message to a recipient through a mail relay', {
      k: 2,
      abstain: false,
      env: {},
      includeUnavailable: true,
    });
    expect(selection.tools[0]).toMatchObject({ id: 'smtp_mail', howToGet: ['Ask the mail admin.'] });
    expect(selection.tools[0]?.missing?.map((item) => item.name)).toEqual(['RELAY_HOST', 'RELAY_PASSWORD']);
    expect(selection.unavailable).toEqual([]);
  });

  it.each([
    {
      label: 'nothing given',
      config: undefined,
      oauth: undefined,
      platform: 'linux',
      missing: ['config calendar_id', 'oauth Google Calendar'],
    },
    {
      label: 'config only',
      config: { cal_event: { calendar_id: 'primary' } },
      oauth: undefined,
      platform: 'linux',
      missing: ['oauth Google Calendar'],
    },
    {
      label: 'wrong OS',
      config: { cal_event: { calendar_id: 'primary' } },
      oauth: ['google calendar'],
      platform: 'win32',
      missing: ['os linux, macos'],
    },
    {
      label: 'everything',
      config: { cal_event: { calendar_id: 'primary' } },
      oauth: ['Google Calendar'],
      platform: 'darwin',
      missing: [],
    },
  ])('checks configuration, OAuth and OS: $label', async ({ config, oauth, platform, missing }) => {
    const selector = await rulesSelector(tools);
    const selection = await selector.select('create a calendar event with attendees', {
      k: 1,
      abstain: false,
      env: {},
      platform,
      ...(config === undefined ? {} : { config }),
      ...(oauth === undefined ? {} : { oauth }),
    });
    const entry = selection.unavailable.find((tool) => tool.id === 'cal_event');
    if (missing.length === 0) {
      expect(idsOf(selection)).toEqual(['cal_event']);
      expect(entry).toBeUndefined();
    } else {
      expect(idsOf(selection)).not.toContain('cal_event');
      expect(entry?.missing?.map((item) => `${item.kind} ${item.name}`)).toEqual(missing);
    }
  });
});
