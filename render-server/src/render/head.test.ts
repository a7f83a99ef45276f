import { headTags, inlinable, structuredData, type HeadInput } from './head';

const article: HeadInput = {
  head: {
    title: 'Budgets "in" <an> Era',
    description: 'Europe spends more than ever.',
    image: { url: 'http://cms.test/uploads/budget.jpg', width: 1200, height: 675, alt: 'A parliament' },
    article: { author: 'Mateo Ferrer', publishedTime: '2026-03-01', tags: ['Budgets', 'Europe'] },
  },
  canonical: 'https://blog.test/Articles?title=Budgets',
  siteUrl: 'https://blog.test',
  home: false,
  notFound: false,
  stylesheets: [
    { href: 'https://articles.test/1.css' },
    { href: 'https://articles.test/2.css', css: 'a{color:red}</style><p>' },
  ],
  preconnect: ['http://cms.test'],
};

describe('the head of an article', () => {
  const tags = headTags(article);

  it('names the page and describes it, escaped', () => {
    expect(tags).toContain('<title>Budgets &quot;in&quot; &lt;an&gt; Era · Defense Analysis</title>');
    expect(tags).toContain('<meta name="description" content="Europe spends more than ever.">');
    expect(tags).toContain('<link rel="canonical" href="https://blog.test/Articles?title=Budgets">');
  });

  it('keeps an apostrophe as written, in text and in double-quoted attributes alike', () => {
    const title = "NATO's Two Percent";
    const canonical = `https://blog.test/Articles?title=${encodeURIComponent(title)}`;
    const tags = headTags({ ...article, head: { ...article.head, title }, canonical });
    expect(tags).toContain("<title>NATO's Two Percent · Defense Analysis</title>");
    expect(tags).toContain(`<link rel="canonical" href="https://blog.test/Articles?title=NATO's%20Two%20Percent">`);
  });

  it('has the browser paint the page only once all of it is read, up to the state that follows it', () => {
    expect(tags).toContain('<link rel="expect" href="#blog-server-state" blocking="render">');
  });

  it('gives link previews the article, its photo, author and date', () => {
    expect(tags).toContain('<meta property="og:type" content="article">');
    expect(tags).toContain('<meta property="og:image" content="http://cms.test/uploads/budget.jpg">');
    expect(tags).toContain('<meta property="og:image:width" content="1200">');
    expect(tags).toContain('<meta property="article:author" content="Mateo Ferrer">');
    expect(tags).toContain('<meta property="article:published_time" content="2026-03-01">');
    expect(tags.match(/article:tag/g)).toHaveLength(2);
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('describes it to search engines as a BlogPosting that no text can break out of', () => {
    expect(structuredData(article)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Budgets "in" <an> Era',
      image: 'http://cms.test/uploads/budget.jpg',
      datePublished: '2026-03-01',
      author: { '@type': 'Person', name: 'Mateo Ferrer' },
    });
    const script = /<script type="application\/ld\+json">(.*)<\/script>/.exec(tags)?.[1] as string;
    expect(script).not.toContain('<');
    expect((JSON.parse(script) as { headline: string }).headline).toBe('Budgets "in" <an> Era');
  });

  it('names its page, its last change and its publisher with the site’s logo, as Google’s article rich results ask', () => {
    const modified = {
      ...article,
      head: { ...article.head, article: { ...article.head.article, modifiedTime: '2026-03-05T10:00:00.000Z' } },
    };
    expect(structuredData(modified)).toMatchObject({
      mainEntityOfPage: { '@type': 'WebPage', '@id': article.canonical },
      dateModified: '2026-03-05T10:00:00.000Z',
      publisher: { '@type': 'Organization', logo: { '@type': 'ImageObject', url: `${article.siteUrl}/logo.png` } },
    });
    expect(structuredData({ ...article, head: { ...article.head, image: undefined } })).toMatchObject({
      image: { '@type': 'ImageObject', url: `${article.siteUrl}/logo.png` },
    });
  });

  it('connects to the media host before the page asks for its photo', () => {
    expect(tags.startsWith('<link rel="preconnect" href="http://cms.test">')).toBe(true);
  });

  it('connects to nothing early when the media are on the page’s own origin', () => {
    const own = headTags({ ...article, preconnect: [new URL(article.siteUrl).origin] });
    expect(own).not.toContain('rel="preconnect"');
  });

  it('writes in the sections’ stylesheets it can (no rule can close the element), links the others and the feed', () => {
    expect(tags).toContain('<link rel="stylesheet" href="https://articles.test/1.css">');
    expect(tags).toContain('<style data-href="https://articles.test/2.css">a{color:red}<\\/style><p></style>');
    expect(inlinable('.map{color:red}', 'https://contact.test/2.css')).toBe('.map{color:red}');
  });

  it('writes in a stylesheet’s files as it names them, from its own address', () => {
    const css = (background: string) => `.map{background:${background}}`;
    const from = (background: string, href = 'https://contact.test/app/2.css') => inlinable(css(background), href);
    expect(from('url(assets/tile.png)')).toBe(css('url(https://contact.test/app/assets/tile.png)'));
    expect(from('url( "../tile.png" )')).toBe(css('url("https://contact.test/tile.png")'));
    expect(from("url('/tile.png?v=1#x')")).toBe(css("url('https://contact.test/tile.png?v=1#x')"));
    expect(from('url(assets/tile.png)', '/2.css')).toBe(css('url(/assets/tile.png)'));
    for (const kept of ['url(https://tiles.test/a.png)', 'url(#default#VML)', 'url(data:image/png;base64,AAAA)']) {
      expect(from(kept)).toBe(css(kept));
    }
    expect(tags).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Defense Analysis" href="https://blog.test/rss.xml">',
    );
  });
});

describe('other heads', () => {
  it('describes the home page as the WebSite, with its search', () => {
    const home = { ...article, head: { title: 'Home' }, home: true, canonical: 'https://blog.test/' };
    expect(structuredData(home)).toMatchObject({
      '@type': 'WebSite',
      url: 'https://blog.test/',
      potentialAction: { target: 'https://blog.test/Articles?search={search_term_string}' },
    });
    const tags = headTags(home);
    expect(tags).toContain('<meta property="og:type" content="website">');
    expect(tags).toContain(
      '<meta name="description" content="Defense and business analysis for the data-driven age.">',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
    expect(tags).not.toContain('og:image');
  });

  it('keeps the not-found page out of search engines', () => {
    const tags = headTags({ ...article, head: { title: 'Page not found' }, notFound: true });
    expect(tags).toContain('<meta name="robots" content="noindex">');
    expect(tags).not.toContain('rel="canonical"');
    expect(structuredData({ ...article, head: { title: 'About' } })).toBeUndefined();
  });
});
