import { describe, expect, it } from 'vitest';
import { createIdProviderTable } from '../../src/routes/id-provider-table.js';
import { resourceKey } from '../../src/views/tool-route.js';
import { makeTool } from '../fixtures/make-tool.js';

const route = (name: string) => makeTool({ id: name, name, description: name });

describe('createIdProviderTable', () => {
  const table = createIdProviderTable([
    route('tmdb:GET /movie/{movie_id}/credits'),
    route('tmdb:GET /search/movie'),
    route('tmdb:GET /movie/popular'),
    route('tmdb:GET /discover/movies'),
    route('tmdb:POST /movie/list'),
    route('tmdb:GET /tv/{tv_id}/similar'),
    route('other:GET /search/movie'),
    route('spotify:GET /search'),
    route('spotify:GET /me/playlists'),
    makeTool({ id: 'get_weather', description: 'Weather for a city.' }),
  ]);

  it('lists the reads of the same service that name the resource, searches apart', () => {
    expect(table.providers('tmdb', resourceKey('movie'))).toEqual({
      searches: ['tmdb:GET /search/movie'],
      listings: ['tmdb:GET /movie/popular', 'tmdb:GET /discover/movies'],
      anySearches: [],
    });
  });

  it('leaves out writes and routes that need a path parameter themselves', () => {
    const { listings } = table.providers('tmdb', resourceKey('movie'));
    expect(listings).not.toContain('tmdb:POST /movie/list');
    expect(table.providers('tmdb', 'tv').listings).toEqual([]);
  });

  it("offers a service's plain search for any resource", () => {
    expect(table.providers('spotify', resourceKey('playlist'))).toEqual({
      searches: [],
      listings: ['spotify:GET /me/playlists'],
      anySearches: ['spotify:GET /search'],
    });
    expect(table.providers('spotify', 'track').anySearches).toEqual(['spotify:GET /search']);
  });

  it('knows the route of each routed tool only', () => {
    expect(table.route('tmdb:GET /tv/{tv_id}/similar')?.ids).toEqual([
      { parameter: 'tv_id', resource: 'tv' },
    ]);
    expect(table.route('get_weather')).toBeUndefined();
  });
});
