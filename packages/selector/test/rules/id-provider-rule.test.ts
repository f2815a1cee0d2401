import { describe, expect, it } from 'vitest';
import { mentionsIdentifier } from '../../src/rules/id-provider-rule.js';
import { makeTool } from '../fixtures/make-tool.js';
import { idsOf, rulesSelector } from './rules-fixture.js';

const route = (name: string, description: string, pathParameter?: string) =>
  makeTool({
    id: name,
    name,
    description,
    parameters: {
      type: 'object',
      properties: pathParameter === undefined ? {} : { [pathParameter]: { type: 'integer', in: 'path' } },
      required: pathParameter === undefined ? [] : [pathParameter],
    },
  });

const REVIEWS = 'tmdb:GET /tv/{tv_id}/reviews';
const catalog = [
  route(REVIEWS, 'Get Reviews. Get the user reviews for a TV show.', 'tv_id'),
  route(
    'tmdb:GET /search/tv',
    'Search TV Shows. Search for TV shows by their original, translated and alternative titles.',
  ),
  route('tmdb:GET /tv/popular', 'Get Popular. Get a list of the current popular TV shows on TMDB.'),
  route('tmdb:GET /movie/{movie_id}/reviews', 'Get Reviews. Get the user reviews for a movie.', 'movie_id'),
  route('tmdb:GET /search/movie', 'Search Movies. Search for movies by their title.'),
  makeTool({ id: 'get_weather', description: 'Current weather for a city.' }),
];

/** The tool placed right after `toolId` in a selection. */
function nextAfter(ids: readonly string[], toolId: string): string | undefined {
  const at = ids.indexOf(toolId);
  return at < 0 ? undefined : ids[at + 1];
}

describe('identifier providers', () => {
  it('follows a route that needs an id the prompt lacks with the search that supplies it', async () => {
    const selector = await rulesSelector(catalog);
    const selection = await selector.select('I need the user reviews of the TV show Breaking Bad', {
      k: 2,
      abstain: false,
    });
    const ids = idsOf(selection);
    expect(ids[0]).toBe(REVIEWS);
    expect(nextAfter(ids, REVIEWS)).toBe('tmdb:GET /search/tv');
    const reason = selection.tools[1]?.reasons.find((entry) => entry.kind === 'id-provider');
    expect(reason).toEqual({
      kind: 'id-provider',
      message: `supplies the tv_id that ${REVIEWS} needs`,
      details: { for: REVIEWS, parameter: 'tv_id' },
    });
  });

  it('adds nothing when the prompt gives the id, or when turned off', async () => {
    const selector = await rulesSelector(catalog);
    const withId = await selector.select('user reviews of TV show 1396', { k: 2, abstain: false });
    const off = await selector.select('I need the user reviews of the TV show Breaking Bad', {
      k: 2,
      abstain: false,
      chainIds: false,
    });
    for (const selection of [withId, off]) {
      expect(selection.tools.flatMap((tool) => tool.reasons).map((reason) => reason.kind)).not.toContain(
        'id-provider',
      );
    }
  });

  it('adds only a provider that may be added: a candidate, able to run here', async () => {
    const selector = await rulesSelector([
      ...catalog.filter((tool) => tool.id !== 'tmdb:GET /search/tv'),
      makeTool({
        ...catalog.find((tool) => tool.id === 'tmdb:GET /search/tv'),
        id: 'tmdb:GET /search/tv',
        description: 'Search for TV shows by title.',
        prerequisites: [{ name: 'TMDB token', envVars: ['TMDB_TOKEN'] }],
      }),
    ]);
    const prompt = 'I need the user reviews of the TV show Breaking Bad';
    const unavailable = await selector.select(prompt, { k: 2, abstain: false, env: {} });
    expect(idsOf(unavailable)).not.toContain('tmdb:GET /search/tv');
    const available = await selector.select(prompt, { k: 2, abstain: false, env: { TMDB_TOKEN: 'set' } });
    expect(nextAfter(idsOf(available), REVIEWS)).toBe('tmdb:GET /search/tv');
    const outsideCandidates = await selector.select(prompt, {
      k: 2,
      abstain: false,
      env: { TMDB_TOKEN: 'set' },
      candidates: [REVIEWS, 'tmdb:GET /movie/{movie_id}/reviews'],
    });
    expect(idsOf(outsideCandidates)).not.toContain('tmdb:GET /search/tv');
  });

  it('forgets a removed provider', async () => {
    const selector = await rulesSelector(catalog);
    const prompt = 'I need the user reviews of the TV show Breaking Bad';
    expect(idsOf(await selector.select(prompt, { k: 2, abstain: false }))).toContain('tmdb:GET /search/tv');
    await selector.removeTools(['tmdb:GET /search/tv']);
    const after = idsOf(await selector.select(prompt, { k: 2, abstain: false }));
    expect(after).not.toContain('tmdb:GET /search/tv');
    expect(after[0]).toBe(REVIEWS);
  });
});

describe('providers of required ids and tokens', () => {
  const needsToken = (id: string, description: string, other: string) =>
    makeTool({
      id,
      description,
      parameters: {
        type: 'object',
        properties: { token: { type: 'string' }, [other]: { type: 'string' } },
        required: ['token', other],
      },
      result: { type: 'object', properties: { status: { type: 'string' } } },
    });
  const returnsToken = (id: string, description: string) =>
    makeTool({
      id,
      description,
      parameters: {
        type: 'object',
        properties: { username: { type: 'string' }, password: { type: 'string' } },
        required: ['username', 'password'],
      },
      result: { type: 'object', properties: { token: { type: 'string' } } },
    });
  const accounts = [
    needsToken('SetAlarm', 'Set an alarm clock at a time.', 'time'),
    needsToken('AddNote', 'Add a note with some text.', 'text'),
    returnsToken('GetAccessToken', 'Log in with a user name and password.'),
    returnsToken('CreateAccount', 'Open a new account with a user name and password.'),
    makeTool({ id: 'get_weather', description: 'Current weather for a city.' }),
  ];

  it('follows a tool that needs a token with the read that returns one, never a write', async () => {
    const selector = await rulesSelector(accounts);
    const selection = await selector.select('set an alarm clock for 7 am tomorrow', { k: 2, abstain: false });
    const ids = idsOf(selection);
    expect(ids[0]).toBe('SetAlarm');
    expect(ids[1]).toBe('GetAccessToken');
    expect(ids).not.toContain('CreateAccount');
    expect(selection.tools[1]?.reasons).toContainEqual({
      kind: 'id-provider',
      message: 'supplies the token that SetAlarm needs',
      details: { for: 'SetAlarm', parameter: 'token' },
    });
  });

  it('adds nothing when the prompt gives the token, or when turned off', async () => {
    const selector = await rulesSelector(accounts);
    const withToken = await selector.select('set an alarm clock for 7 am with token a81bc2f9d0e4', {
      k: 2,
      abstain: false,
    });
    const off = await selector.select('set an alarm clock for 7 am', {
      k: 2,
      abstain: false,
      chainIds: false,
    });
    for (const selection of [withToken, off]) expect(idsOf(selection)).not.toContain('GetAccessToken');
  });
});

describe('mentionsIdentifier', () => {
  it('sees numbers, UUIDs and letter-digit tokens, but not years or small counts', () => {
    for (const prompt of [
      'reviews of show 1396',
      'order 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      'track 6rqhFgbbKwnb9MLmUQDhG6',
    ]) {
      expect(mentionsIdentifier(prompt), prompt).toBe(true);
    }
    for (const prompt of [
      'movies from 2010',
      'season 3 episode 24 of Friends',
      'top-10 rated',
      'Star Wars',
    ]) {
      expect(mentionsIdentifier(prompt), prompt).toBe(false);
    }
  });
});
