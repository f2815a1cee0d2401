import { describe, expect, test } from 'vitest';
import { isPostgresUrl, maskSecrets, parseStoreUrl } from '../../src/store-postgres/store-url.js';

describe('store URLs', () => {
  test.each([
    ['postgres://ada:s3cret@db:5432/toolsift', 'postgres://ada:***@db:5432/toolsift'],
    [
      'postgresql://ada:s3cret@db/toolsift?sslmode=require',
      'postgresql://ada:***@db/toolsift?sslmode=require',
    ],
    // An @ in the password, unencoded: everything up to the last @ of the authority is the password.
    ['postgres://ada:p@ss@db:5432/toolsift', 'postgres://ada:***@db:5432/toolsift'],
    ['postgres://ada:p%40ss%2Fx@db/toolsift', 'postgres://ada:***@db/toolsift'],
    ['postgres://ada@db/toolsift', 'postgres://ada@db/toolsift'],
    ['postgres://db/toolsift?user=ada&password=s3cret', 'postgres://db/toolsift?user=ada&password=***'],
  ])('%s shows as %s', (url, masked) => {
    expect(parseStoreUrl(url).masked).toBe(masked);
  });

  test('the password is masked in a driver message in every form it takes', () => {
    const storeUrl = parseStoreUrl('postgres://ada:p%40ss%2Fx@db/toolsift');
    expect(
      maskSecrets('auth for p%40ss%2Fx or p@ss/x at postgres://ada:p%40ss%2Fx@db/toolsift', storeUrl),
    ).toBe('auth for *** or *** at postgres://ada:***@db/toolsift');
  });

  test.each([
    ['mysql://ada:s3cret@db/toolsift', 'is not a PostgreSQL URL'],
    ['postgres://ada:s3cret@[db/toolsift', 'does not parse'],
    ['/var/lib/toolsift', 'is not a PostgreSQL URL'],
  ])('%s is STORE_URL_INVALID, the password masked', (url, why) => {
    let failure: unknown;
    try {
      parseStoreUrl(url);
    } catch (error) {
      failure = error;
    }
    expect(failure).toMatchObject({ code: 'STORE_URL_INVALID' });
    expect((failure as Error).message).toContain(why);
    expect((failure as Error).message).not.toContain('s3cret');
  });

  test('postgres:// and postgresql:// name a database; anything else does not', () => {
    expect([
      isPostgresUrl('postgres://db/x'),
      isPostgresUrl('POSTGRESQL://db/x'),
      isPostgresUrl('./index'),
      isPostgresUrl('mysql://db'),
    ]).toEqual([true, true, false, false]);
  });
});
