import { SECTIONS, pageAddress, routeAt } from './routes';

const articles = SECTIONS.find(({ title }) => title === 'Articles')!;
const about = SECTIONS.find(({ title }) => title === 'About')!;

describe('routeAt', () => {
  it.each(['/Articles', '/articles', '/ARTICLES', '/Articles/', '/articles//'])('reads %s as /Articles', (pathname) => {
    expect(routeAt(pathname)).toEqual({ section: articles, path: '/Articles' });
  });

  it('keeps the home page’s two paths apart', () => {
    expect(routeAt('/')?.path).toBe('/');
    expect(routeAt('/home')?.path).toBe('/Home');
  });

  it.each(['/Articles/x', '/Article', '/server/index.js', ''])('names no route for %p', (pathname) => {
    expect(routeAt(pathname)).toBeUndefined();
  });
});

describe('pageAddress', () => {
  it('keeps the parameters the section reads, in one order, encoded as a link to an article is', () => {
    const query = new URLSearchParams('page=2&utm_source=mail&search=naval+power&title=Drones%20%26%20tanks%3F');
    expect(pageAddress('/Articles', articles, query)).toBe(
      '/Articles?page=2&search=naval%20power&title=Drones%20%26%20tanks%3F',
    );
  });

  it('keeps what a search is narrowed to: its topic and year are other pages', () => {
    const query = new URLSearchParams('search=naval&topic=Naval+Power&year=2026&ref=x');
    expect(pageAddress('/Articles', articles, query)).toBe('/Articles?search=naval&topic=Naval%20Power&year=2026');
  });

  it('keeps the first of a repeated parameter and an empty one as it is', () => {
    expect(pageAddress('/Articles', articles, new URLSearchParams('search=a&search=b&title='))).toBe(
      '/Articles?search=a&title=',
    );
  });

  it('leaves out every parameter of a page that reads none', () => {
    expect(pageAddress('/About', about, new URLSearchParams('title=x&ref=nav'))).toBe('/About');
  });
});
