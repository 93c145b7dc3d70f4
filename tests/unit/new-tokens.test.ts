import { describe, expect, it } from 'vitest';
import { newTokenIds } from '@/client/loyalty/new-tokens';

describe('new-token detection', () => {
  it('finds nothing on the first load, however many tokens there are', () => {
    expect(newTokenIds(undefined, ['a', 'b', 'c'])).toEqual([]);
  });

  it('finds one new token', () => {
    expect(newTokenIds(new Set(['a', 'b']), ['c', 'a', 'b'])).toEqual(['c']);
  });

  it('finds several new tokens', () => {
    expect(newTokenIds(new Set(['a']), ['b', 'c', 'a'])).toEqual(['b', 'c']);
  });

  it('finds nothing when a token was removed', () => {
    expect(newTokenIds(new Set(['a', 'b']), ['a'])).toEqual([]);
  });

  it('finds nothing when nothing changed', () => {
    expect(newTokenIds(new Set(['a']), ['a'])).toEqual([]);
  });
});
