/** @jest-environment node */
import { noteRead, serverTiming, withTiming, type PageTiming } from './timing';

describe('a page’s Server-Timing', () => {
  it('names how the cache answered, and the render and its reads when this request rendered it', () => {
    expect(serverTiming('hit', { cmsMs: 0, cmsReads: 0 })).toBe('cache;desc="hit"');
    expect(serverTiming('miss', { renderMs: 41.26, cmsMs: 12.04, cmsReads: 3 })).toBe(
      'cache;desc="miss", render;dur=41.3, cms;dur=12;desc="3 reads"',
    );
  });

  it('adds the reads made within a render to its timing, and no other', async () => {
    const timing: PageTiming = { cmsMs: 0, cmsReads: 0 };
    await withTiming(timing, async () => {
      noteRead(5);
      await Promise.resolve();
      noteRead(2.5);
    });
    noteRead(100);
    expect(timing).toEqual({ cmsMs: 7.5, cmsReads: 2 });
  });
});
