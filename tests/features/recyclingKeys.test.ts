import { describe, expect, it } from 'vitest';
import { recyclingKeys } from '../../src/features/permits/list/recyclingKeys';

describe('the permit list card keys', () => {
  it('keep a permit’s key while it stays on the page, give a newcomer the key of a card that left, and never repeat', () => {
    const keys = recyclingKeys();
    expect(keys(['a', 'b', 'c'])).toEqual(['0', '1', '2']);
    // b stays; d and e take the cards a and c leave.
    expect(keys(['d', 'b', 'e'])).toEqual(['0', '1', '2']);
    // Fewer, then more than before: b keeps 1 throughout.
    expect(keys(['b'])).toEqual(['1']);
    const more = keys(['f', 'g', 'b', 'h']);
    expect(more[2]).toBe('1');
    expect(new Set(more).size).toBe(4);
    expect(keys([])).toEqual([]);
  });
});
