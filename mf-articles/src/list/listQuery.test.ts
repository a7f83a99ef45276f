import { listQueryFrom, listQueryOf, listSearch, searchFor } from './listQuery';

describe('the list’s address', () => {
  it('reads the search term and the page', () => {
    expect(listQueryFrom('?search=army&page=2', null)).toEqual({ term: 'army', page: 2, topic: '', year: null });
    expect(listQueryFrom('?search=Oil+%26+Gas%3F', null)).toEqual(searchFor('Oil & Gas?'));
    expect(listQueryFrom('', null)).toEqual(searchFor(''));
  });

  it('reads the topic and the year a search is narrowed to; a year that is not one is none', () => {
    expect(listQueryFrom('?search=naval&topic=Naval+Power&year=2026', null)).toEqual({
      term: 'naval',
      page: 1,
      topic: 'Naval Power',
      year: 2026,
    });
    expect(listQueryFrom('?search=naval&year=20x5', null).year).toBeNull();
    expect(listQueryFrom('?search=naval&year=0999', null).year).toBeNull();
  });

  it('reads the same from the parameters the server is given', () => {
    expect(listQueryOf(new URLSearchParams('search=army&page=2'))).toEqual({ ...searchFor('army'), page: 2 });
    expect(listQueryOf(new URLSearchParams('title=Gone'))).toEqual(searchFor(''));
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
    expect(listQueryFrom('?search=army&page=3&year=2025', { searchTerm: ' Cyber ' })).toEqual(searchFor('Cyber'));
  });

  it('writes the term and the page, escaped, and nothing for the first page of every article', () => {
    expect(listSearch({ ...searchFor('army'), page: 2 })).toBe('?search=army&page=2');
    expect(listSearch(searchFor('Oil & Gas?'))).toBe('?search=Oil+%26+Gas%3F');
    expect(listSearch({ ...searchFor(''), page: 3 })).toBe('?page=3');
    expect(listSearch(searchFor(''))).toBe('');
    expect(listSearch({ term: 'naval', page: 2, topic: 'Naval Power', year: 2026 })).toBe(
      '?search=naval&topic=Naval+Power&year=2026&page=2',
    );
  });

  it('reads back what it writes', () => {
    const query = { term: 'Drones & tanks #2', page: 4, topic: 'Oil & Gas', year: 2025 };
    expect(listQueryFrom(listSearch(query), null)).toEqual(query);
  });
});
