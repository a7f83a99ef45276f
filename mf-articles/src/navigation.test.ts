import { articleDepthFrom, articleHref, articleSearch, listQueryFrom, listSearch, searchTermFrom } from './navigation';

describe('location state', () => {
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

  it.each([null, {}, { articleDepth: -1 }, { articleDepth: 1.5 }, { articleDepth: '1' }])(
    'reads %p as the list itself',
    (state) => {
      expect(articleDepthFrom(state)).toBe(0);
    },
  );
});

describe('article addresses', () => {
  it('open the article by its encoded title', () => {
    expect(articleSearch('Drones & tanks?')).toBe('?title=Drones%20%26%20tanks%3F');
    expect(articleHref('Drones & tanks?')).toBe('/Articles?title=Drones%20%26%20tanks%3F');
  });
});

describe('the list’s address', () => {
  it('reads the search term and the page', () => {
    expect(listQueryFrom('?search=army&page=2', null)).toEqual({ term: 'army', page: 2 });
    expect(listQueryFrom('?search=Oil+%26+Gas%3F', null)).toEqual({ term: 'Oil & Gas?', page: 1 });
    expect(listQueryFrom('', null)).toEqual({ term: '', page: 1 });
  });

  it.each(['?page=0', '?page=-2', '?page=1.5', '?page=two', '?page=', '?page=1e400'])(
    'reads %s as the first page',
    (search) => {
      expect(listQueryFrom(search, null).page).toBe(1);
    },
  );

  it('trims the term, as the CMS does', () => {
    expect(listQueryFrom('?search=%20army%20', null).term).toBe('army');
  });

  it('starts a search preset by the navigation on its first page, whatever the address says', () => {
    expect(listQueryFrom('?search=army&page=3', { searchTerm: ' Cyber ' })).toEqual({ term: 'Cyber', page: 1 });
  });

  it('writes the term and the page, escaped, and nothing for the first page of every article', () => {
    expect(listSearch({ term: 'army', page: 2 })).toBe('?search=army&page=2');
    expect(listSearch({ term: 'Oil & Gas?', page: 1 })).toBe('?search=Oil+%26+Gas%3F');
    expect(listSearch({ term: '', page: 3 })).toBe('?page=3');
    expect(listSearch({ term: '', page: 1 })).toBe('');
  });

  it('reads back what it writes', () => {
    const query = { term: 'Drones & tanks #2', page: 4 };
    expect(listQueryFrom(listSearch(query), null)).toEqual(query);
  });
});
