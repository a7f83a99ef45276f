import { listQueryFrom, listQueryOf, listSearch } from './listQuery';

describe('the list’s address', () => {
  it('reads the search term and the page', () => {
    expect(listQueryFrom('?search=army&page=2', null)).toEqual({ term: 'army', page: 2 });
    expect(listQueryFrom('?search=Oil+%26+Gas%3F', null)).toEqual({ term: 'Oil & Gas?', page: 1 });
    expect(listQueryFrom('', null)).toEqual({ term: '', page: 1 });
  });

  it('reads the same from the parameters the server is given', () => {
    expect(listQueryOf(new URLSearchParams('search=army&page=2'))).toEqual({ term: 'army', page: 2 });
    expect(listQueryOf(new URLSearchParams('title=Gone'))).toEqual({ term: '', page: 1 });
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
