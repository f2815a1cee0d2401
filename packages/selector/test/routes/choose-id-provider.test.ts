import { describe, expect, it } from 'vitest';
import { chooseIdProvider, promptWords } from '../../src/routes/choose-id-provider.js';
import { createIdProviderTable } from '../../src/routes/id-provider-table.js';
import { resourceKey } from '../../src/views/tool-route.js';
import { makeTool } from '../fixtures/make-tool.js';

const route = (name: string) => makeTool({ id: name, name, description: name });
const table = createIdProviderTable([
  route('tmdb:GET /tv/{tv_id}/reviews'),
  route('tmdb:GET /tv/popular'),
  route('tmdb:GET /tv/top_rated'),
  route('tmdb:GET /search/tv'),
  route('spotify:GET /tracks/{id}'),
  route('spotify:GET /search'),
  route('other:GET /things/{thing_id}'),
]);

function choose(
  service: string,
  resource: string,
  prompt: string,
  ranked: string[] = [],
): string | undefined {
  return chooseIdProvider({
    table,
    service,
    resource: resourceKey(resource),
    rankOf: new Map(ranked.map((id, rank) => [id, rank])),
    words: promptWords(prompt),
  });
}

describe('chooseIdProvider', () => {
  it('takes the search for the resource when the prompt names a thing', () => {
    expect(choose('tmdb', 'tv', 'reviews of Breaking Bad', ['tmdb:GET /tv/popular'])).toBe(
      'tmdb:GET /search/tv',
    );
  });

  it('takes a listing whose path words the prompt uses, even ranked below the search', () => {
    expect(choose('tmdb', 'tv', 'reviews of the most popular show', ['tmdb:GET /search/tv'])).toBe(
      'tmdb:GET /tv/popular',
    );
    expect(choose('tmdb', 'tv', 'the top rated shows')).toBe('tmdb:GET /tv/top_rated');
  });

  it('takes the best ranked listing when several fit', () => {
    const ranked = ['tmdb:GET /tv/top_rated', 'tmdb:GET /tv/popular'];
    expect(choose('tmdb', 'tv', 'popular and top rated shows', ranked)).toBe('tmdb:GET /tv/top_rated');
    expect(choose('tmdb', 'tv', 'popular and top rated shows', ranked.toReversed())).toBe(
      'tmdb:GET /tv/popular',
    );
  });

  it("falls back to the service's plain search, and to nothing", () => {
    expect(choose('spotify', 'track', 'play Yesterday by the Beatles')).toBe('spotify:GET /search');
    expect(choose('other', 'thing', 'the thing called X')).toBeUndefined();
  });
});
