import { articleDepthFrom, articleHref, articleSearch, openedFrom, searchTermFrom } from './navigation';

describe('an article’s history state', () => {
  it('reads a preset search term', () => {
    expect(searchTermFrom({ searchTerm: 'Cyber' })).toBe('Cyber');
    expect(searchTermFrom({ searchTerm: '' })).toBe('');
  });

  it.each([null, undefined, 'Cyber', { searchTerm: 3 }, {}])('has no search term in %p', (state) => {
    expect(searchTermFrom(state)).toBeUndefined();
  });

  it('reads how many articles were opened since the list', () => {
    expect(articleDepthFrom({ articleDepth: 2 })).toBe(2);
  });

  it.each([null, undefined, 'x', {}, { articleDepth: -1 }, { articleDepth: 1.5 }, { articleDepth: '1' }])(
    'reads %p as the list itself',
    (state) => {
      expect(articleDepthFrom(state)).toBe(0);
    },
  );

  it('counts one more article for each opened from an article', () => {
    expect(openedFrom(null)).toEqual({ articleDepth: 1 });
    expect(openedFrom({ articleDepth: 1, searchTerm: 'Cyber' })).toEqual({ articleDepth: 2 });
  });
});

describe('article addresses', () => {
  it('open the article by its encoded title', () => {
    expect(articleSearch('Drones & tanks?')).toBe('?title=Drones%20%26%20tanks%3F');
    expect(articleHref('Drones & tanks?')).toBe('/Articles?title=Drones%20%26%20tanks%3F');
  });
});
