import { fts5Query, MARK_END, MARK_START, plainText, searchWords, snippetHtml, tsQuery } from '../src/lib/full-text';
import { splitPage } from '../src/api/read-model/services/article-search';

describe('the words of a search', () => {
  it('keeps letters and digits of any script, lower-cased; everything else separates', () => {
    expect(searchWords('"NEAR(a* OR -b:c^d)" %x_y')).toEqual(['near', 'a', 'or', 'b', 'c', 'd', 'x', 'y']);
    expect(searchWords('Énergie 2027 שלום 🚀 naïve')).toEqual(['énergie', '2027', 'שלום', 'naïve']);
    expect(searchWords(' "\' ( ) * : ^ % _ ')).toEqual([]);
  });

  it('looks for 16 words at most', () => {
    expect(searchWords('w '.repeat(500))).toHaveLength(16);
  });

  it('quotes every word, the last also as a prefix', () => {
    expect(fts5Query(['near', 'or', 'comptrol'])).toBe('"near" "or" "comptrol"*');
    expect(tsQuery(['near', 'or', 'comptrol'])).toBe("'near' & 'or' & 'comptrol':*");
    expect(fts5Query([])).toBe('');
    expect(tsQuery([])).toBe('');
  });
});

describe('the indexed text', () => {
  it('is the markup made plain: headings, quotes, bold and links leave their words only', () => {
    expect(plainText('## Part\n> Said **bold** and [a link](https://example.com/a_(b)).\n# Top')).toBe(
      'Part\nSaid bold and a link.\nTop',
    );
  });

  it('never holds the characters that mark a match', () => {
    expect(plainText(`a${MARK_START}b${MARK_END}c`)).toBe('abc');
    expect(plainText(null)).toBe('');
  });
});

describe('a snippet', () => {
  it('escapes the text and makes only the marked words <mark>, on one line', () => {
    const marked = `<script>alert("x")</script> & the\n${MARK_START}comptroller${MARK_END}'s`;
    expect(snippetHtml(marked)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; the <mark>comptroller</mark>&#39;s',
    );
    expect(snippetHtml('<mark>not ours</mark>')).toBe('&lt;mark&gt;not ours&lt;/mark&gt;');
  });
});

describe('a page over the spec’s matches then the text matches', () => {
  it('takes from the first list, then from the second, then the second only', () => {
    expect(splitPage(0, 12, 5)).toEqual({ first: { offset: 0, limit: 5 }, second: { offset: 0, limit: 7 } });
    expect(splitPage(0, 12, 30)).toEqual({ first: { offset: 0, limit: 12 }, second: { offset: 0, limit: 0 } });
    expect(splitPage(24, 12, 30)).toEqual({ first: { offset: 24, limit: 6 }, second: { offset: 0, limit: 6 } });
    expect(splitPage(36, 12, 30)).toEqual({ first: { offset: 36, limit: 0 }, second: { offset: 6, limit: 12 } });
  });
});
