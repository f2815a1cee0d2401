import { describe, expect, it } from 'vitest';
import { parseToolRoute, resourceKey } from '../../src/views/tool-route.js';

describe('parseToolRoute', () => {
  it('reads service, method, literal segments and identifier parameters', () => {
    expect(parseToolRoute({ name: 'tmdb:GET /tv/{tv_id}/season/{season_number}/credits' })).toEqual({
      service: 'tmdb',
      method: 'GET',
      segments: ['tv', 'season', 'credits'],
      ids: [{ parameter: 'tv_id', resource: 'tv' }],
      hasPathParameters: true,
    });
  });

  it('names the resource of a bare id after the segment before it, in singular', () => {
    expect(parseToolRoute({ name: 'spotify:GET /tracks/{id}' })?.ids).toEqual([
      { parameter: 'id', resource: resourceKey('track') },
    ]);
    expect(parseToolRoute({ name: 'Learning Engine::/memre_api/v1/categories/{id}' })?.ids).toEqual([
      { parameter: 'id', resource: resourceKey('category') },
    ]);
  });

  it('reads camelCase and upper-case id parameters, and routes without a method', () => {
    const route = parseToolRoute({ name: 'Magic AliExpress::/api/product/{productID}/feedbacks' });
    expect(route).toMatchObject({
      service: 'magic aliexpress',
      segments: ['api', 'product', 'feedbacks'],
      ids: [{ parameter: 'productID', resource: 'product' }],
    });
    expect(route?.method).toBeUndefined();
    expect(parseToolRoute({ name: 'POST /users/{userId}/posts' })).toMatchObject({
      service: '',
      method: 'POST',
      ids: [{ parameter: 'userId', resource: 'user' }],
    });
  });

  it('keeps path parameters that are no identifiers out of ids', () => {
    const route = parseToolRoute({ name: 'Scoring Tables API::/marks/women/{points}' });
    expect(route?.ids).toEqual([]);
    expect(route?.hasPathParameters).toBe(true);
  });

  it('finds no route in plain tool names', () => {
    for (const name of ['get_weather', 'Send Email', 'files.read', 'search:web']) {
      expect(parseToolRoute({ name })).toBeUndefined();
    }
  });
});

describe('resourceKey', () => {
  it('folds singular and plural to one key', () => {
    for (const [singular, plural] of [
      ['movie', 'movies'],
      ['category', 'categories'],
      ['track', 'tracks'],
      ['company', 'companies'],
      ['playlist', 'Playlists'],
    ] as const) {
      expect(resourceKey(plural)).toBe(resourceKey(singular));
    }
  });

  it('keeps words that only end in s, and short words', () => {
    expect(resourceKey('address')).toBe('address');
    expect(resourceKey('tv')).toBe('tv');
    expect(resourceKey('bus')).toBe('bus');
    expect(resourceKey('movie')).not.toBe(resourceKey('move'));
  });
});
