/** @jest-environment node */
import { serverTiming } from './timing';

describe('a page’s Server-Timing', () => {
  it('names how the cache answered, and the render and its reads when this request rendered it', () => {
    expect(serverTiming('hit', {})).toBe('cache;desc="hit"');
    expect(serverTiming('miss', { renderMs: 41.26, cms: { ms: 12.04, reads: 3 } })).toBe(
      'cache;desc="miss", render;dur=41.3, cms;dur=12;desc="3 reads"',
    );
    expect(serverTiming('miss', { renderMs: 2 })).toBe('cache;desc="miss", render;dur=2, cms;dur=0;desc="0 reads"');
  });
});
