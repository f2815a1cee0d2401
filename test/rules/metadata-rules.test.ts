import path from 'node:path';
import { createEmbedder, createSelector, type Selection, type Selector } from '@toolsift/selector';
import { SHARED_TEST_CACHE_DIR } from '@toolsift/test-support/test-cache-dir';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Every variable the catalog's prerequisites name, present (placeholder values), so only the rule under test fires. */
const FULL_ENV = Object.fromEntries(
  [
    'SMTP_HOST',
    'SMTP_PORT',
    'SMTP_USERNAME',
    'SMTP_PASSWORD',
    'GMAIL_ACCESS_TOKEN',
    'OPENWEATHER_API_KEY',
    'BRAVE_SEARCH_API_KEY',
    'DATABASE_URL',
    'AGENT_SHELL_ALLOWED',
    'GITHUB_TOKEN',
    'OPENAI_API_KEY',
    'EXCHANGE_RATE_API_KEY',
    'STRIPE_API_KEY',
    'SLACK_BOT_TOKEN',
    'TWILIO_AUTH_TOKEN',
    'DEEPL_API_KEY',
    'GIT_AUTHOR_NAME',
    'GIT_AUTHOR_EMAIL',
  ].map((name) => [name, 'set']),
);

let selector: Selector;
beforeAll(async () => {
  const embedder = await createEmbedder('use-lite', { cacheDir: SHARED_TEST_CACHE_DIR });
  selector = await createSelector({
    catalog: path.join(repoRoot, 'metadata'),
    embedder,
    indexDir: false,
    checkRules: true,
  });
}, 120_000);

const ids = (selection: Selection): string[] => selection.tools.map((tool) => tool.id);
const kinds = (selection: Selection, id: string): string[] =>
  selection.tools.find((tool) => tool.id === id)?.reasons.map((reason) => reason.kind) ?? [];

describe('rules over metadata/ (use-lite)', () => {
  it.each([
    {
      prompt: 'what is the historical climate average temperature in Seville in July',
      tool: 'get_current_weather',
      isDemoted: true,
    },
    { prompt: 'what is the weather in Oslo right now', tool: 'get_current_weather', isDemoted: false },
  ])('negative evidence: "$prompt" demotes $tool: $isDemoted', async ({ prompt, tool, isDemoted }) => {
    const selection = await selector.select(prompt, { k: 5, env: FULL_ENV, abstain: false });
    expect(kinds(selection, tool).includes('negative-evidence')).toBe(isDemoted);
  });

  it.each([
    {
      prompt: 'send an email from my Gmail account to bob',
      winner: 'gmail-send-message',
      loser: 'send_email_smtp',
      // Since descriptions are embedded as requests, SMTP ranks below the top k here: nothing is left to remove.
      isRuleNeeded: false,
    },
    {
      prompt: 'Send the Q3 report by email through our company SMTP relay',
      winner: 'send_email_smtp',
      loser: 'gmail-send-message',
      isRuleNeeded: true,
    },
  ])(
    'high conflict: "$prompt" keeps $winner and removes $loser',
    async ({ prompt, winner, loser, isRuleNeeded }) => {
      const selection = await selector.select(prompt, { k: 5, env: FULL_ENV });
      expect(ids(selection)[0]).toBe(winner);
      expect(ids(selection)).not.toContain(loser);
      const removed = expect.objectContaining({ code: 'CONFLICT_REMOVED', toolId: loser });
      if (isRuleNeeded) expect(selection.warnings).toContainEqual(removed);
      else expect(selection.warnings).not.toContainEqual(removed);
    },
  );

  it.each([
    { prompt: 'will it rain in Oslo tomorrow', winner: 'get_weather_forecast', loser: 'get_current_weather' },
    {
      prompt: 'what is the weather in Oslo right now',
      winner: 'get_current_weather',
      loser: 'get_weather_forecast',
    },
  ])('medium conflict: "$prompt" ranks $winner above $loser', async ({ prompt, winner, loser }) => {
    const selection = await selector.select(prompt, { k: 5, env: FULL_ENV });
    expect(ids(selection).indexOf(winner)).toBeLessThan(ids(selection).indexOf(loser));
    expect(ids(selection)).toContain(loser);
    expect(kinds(selection, loser)).toContain('conflict');
  });

  it('low conflict: both tools stay, annotated', async () => {
    const selection = await selector.select('translate 5 pm to Tokyo time', { k: 5, env: FULL_ENV });
    expect(ids(selection)).toEqual(expect.arrayContaining(['convert_time_zone', 'get_local_time']));
    expect(kinds(selection, 'convert_time_zone')).toContain('conflict');
    expect(kinds(selection, 'get_local_time')).toContain('conflict');
  });

  it('prerequisites: without SMTP credentials the SMTP sender is unavailable and its fallback is offered', async () => {
    const env = { ...FULL_ENV, SMTP_PASSWORD: undefined };
    const selection = await selector.select('Send the Q3 report by email through our company SMTP relay', {
      k: 3,
      env,
    });
    expect(ids(selection)).not.toContain('send_email_smtp');
    expect(ids(selection)[0]).toBe('gmail-send-message');
    expect(kinds(selection, 'gmail-send-message')).toContain('fallback');
    expect(selection.unavailable[0]).toMatchObject({
      id: 'send_email_smtp',
      missing: [{ kind: 'env', name: 'SMTP_PASSWORD' }],
      fallback: ['gmail-send-message'],
    });
  });

  it('prerequisites: Shinkai configuration and OAuth, and expansion of dependsOn', async () => {
    const prompt = 'schedule a meeting with Alice next week and send her an invite';
    const without = await selector.select(prompt, { k: 3, env: FULL_ENV });
    expect(without.unavailable.map((tool) => tool.id)).toContain('schedule-meeting-with-invite');
    const config = {
      'schedule-meeting-with-invite': { organizer_email: 'me@example.com' },
      'google-calendar-find-free-slot': { timezone: 'Europe/Oslo' },
      'google-calendar-create-event': { calendar_id: 'primary' },
    };
    const selection = await selector.select(prompt, {
      k: 1,
      env: FULL_ENV,
      config,
      oauth: ['Google Calendar'],
      expand: true,
    });
    expect(ids(selection)).toContain('schedule-meeting-with-invite');
    const added = selection.tools
      .filter((tool) => tool.reasons.some((reason) => reason.kind === 'depends-on'))
      .map((tool) => tool.id);
    expect(added).toEqual(
      expect.arrayContaining(['google-calendar-find-free-slot', 'google-calendar-create-event']),
    );
  });

  it('reports approval, risk and rate limits with each selected tool', async () => {
    const selection = await selector.select('refund the payment for order 1234', { k: 1, env: FULL_ENV });
    expect(selection.tools[0]).toMatchObject({
      id: 'stripe-refund-payment',
      requiresApproval: true,
      risk: 'high',
    });
    const search = await selector.select('search the web for the default port of PostgreSQL', {
      k: 1,
      env: FULL_ENV,
    });
    expect(search.tools[0]).toMatchObject({ id: 'web_search', rateLimit: { limits: { brave: 2000 } } });
  });

  // The default policy abstains only on strong evidence; a weak fit keeps the tools with a LOW_FIT warning.
  it.each([
    { prompt: 'tell me a joke', outcome: 'abstains' },
    { prompt: 'what is the meaning of life', outcome: 'abstains' },
    { prompt: 'hello there', outcome: 'abstains' },
    { prompt: 'who won the world cup in 1998', outcome: 'low fit' },
    { prompt: 'what is 17 percent of 2400', outcome: 'fits' },
    { prompt: 'send an email to bob about the meeting', outcome: 'fits' },
    { prompt: 'convert 100 USD to EUR', outcome: 'fits' },
    { prompt: 'search the web for the latest news on AI', outcome: 'fits' },
  ])('abstention: "$prompt" $outcome', async ({ prompt, outcome }) => {
    const selection = await selector.select(prompt, { k: 3, env: FULL_ENV });
    const isAbstaining = outcome === 'abstains';
    expect(selection.tools.length === 0).toBe(isAbstaining);
    expect(selection.abstention !== undefined).toBe(isAbstaining);
    expect(selection.warnings.some((warning) => warning.code === 'LOW_FIT')).toBe(outcome === 'low fit');
    // use-lite has a prompt head: the reason weighs the prompt's own wording too.
    if (isAbstaining) expect(selection.abstention?.message).toMatch(/prompt wording [+-]\d/);
  });

  it('abstains on a greeting under every policy but never, and keeps the tools of a weak fit only under auto', async () => {
    const greeting = await selector.select('hello there', { k: 3, env: FULL_ENV, abstain: 'never' });
    expect(greeting.tools.length).toBeGreaterThan(0);
    expect(greeting.warnings.map((warning) => warning.code)).toContain('LOW_FIT');
    const eager = await selector.select('who won the world cup in 1998', {
      k: 3,
      env: FULL_ENV,
      abstain: 'eager',
    });
    expect(eager.tools).toEqual([]);
    expect(eager.abstention?.threshold).toBeGreaterThan(0.5);
  });
});
