import { TagIndex, TaggedCache } from './tag-index';

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

describe('a cache whose entries are found by tag', () => {
  const cache = (maxBytes: number) =>
    new TaggedCache<{ name: string; tags: string[] }>({ maxBytes, bytesOf: () => 10, tagsOf: ({ tags }) => tags });

  it('finds an entry by the tags it has now, and none it dropped past its bound', () => {
    const entries = cache(20);
    entries.set('/a', { name: 'a, before', tags: ['comments-A'] });
    entries.set('/a', { name: 'a', tags: ['comments-B'] });
    entries.set('/b', { name: 'b', tags: ['comments-B'] });
    expect([...entries.withTags(['comments-A'])]).toEqual([]);
    expect([...entries.withTags(['comments-B'])].map(({ name }) => name)).toEqual(['a', 'b']);
    entries.set('/c', { name: 'c', tags: ['comments-B'] });
    expect([...entries.withTags(['comments-B'])].map(({ name }) => name)).toEqual(['b', 'c']);
    expect(entries.size()).toEqual({ bytes: 20, maxBytes: 20, pages: 2 });
  });
});
