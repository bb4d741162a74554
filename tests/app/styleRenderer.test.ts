import { describe, expect, it, vi } from 'vitest';
import { insertOnce } from '../../src/app/styleRenderer';

describe('the style renderer', () => {
  it('inserts a set of rules once, though reset styles wrap their list anew on each render', () => {
    const insert = vi.fn();
    const once = insertOnce(insert);
    const reset = ['.r1{display:flex;}'];
    const atomic = { d: ['.f1{color:red;}'], h: ['.f2:hover{color:blue;}'] };
    for (let render = 0; render < 3; render++) {
      once({ r: reset });
      once(atomic);
    }
    expect(insert).toHaveBeenCalledTimes(2);
    // Another component's rules are still inserted, as are those of a set with more buckets.
    once({ r: ['.r2{display:grid;}'] });
    once({ r: reset, m: [['@media (forced-colors: active){.r1{color:Highlight;}}', { m: '(forced-colors: active)' }]] });
    expect(insert).toHaveBeenCalledTimes(4);
  });
});
