import { TagIndex } from './tag-index';

describe('the index of the tags kept pages carry', () => {
  it('finds each key that carries one of the tags, once', () => {
    const index = new TagIndex();
    index.set('/Home', ['articles', 'shared-articles']);
    index.set('/a', ['article:1', 'shared-articles']);
    index.set('/b', ['article:2', 'shared-articles']);
    expect(index.keysOf(['article:1'])).toEqual(new Set(['/a']));
    expect(index.keysOf(['articles', 'shared-articles'])).toEqual(new Set(['/Home', '/a', '/b']));
    expect(index.keysOf(['comments:x'])).toEqual(new Set());
  });

  it('forgets the tags a key carried before it was kept again, and a key deleted', () => {
    const index = new TagIndex();
    index.set('/a', ['article:1', 'comments:A']);
    index.set('/a', ['article:1']);
    expect(index.keysOf(['comments:A'])).toEqual(new Set());
    expect(index.keysOf(['article:1'])).toEqual(new Set(['/a']));
    index.delete('/a');
    index.delete('/never-kept');
    expect(index.keysOf(['article:1'])).toEqual(new Set());
  });
});
