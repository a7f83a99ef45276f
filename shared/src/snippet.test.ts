import { snippetParts } from './snippet';

describe('snippetParts', () => {
  it('makes the marked words marked runs and the rest plain runs, unescaped', () => {
    expect(snippetParts('…the Under Secretary (<mark>Comptroller</mark>) &amp; <mark>budget</mark>s')).toEqual([
      { text: '…the Under Secretary (', marked: false },
      { text: 'Comptroller', marked: true },
      { text: ') & ', marked: false },
      { text: 'budget', marked: true },
      { text: 's', marked: false },
    ]);
  });

  it('keeps escaped markup as text, and any other tag as it is written', () => {
    expect(snippetParts('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &#39;<b>')).toEqual([
      { text: `<script>alert("x")</script> '<b>`, marked: false },
    ]);
    expect(snippetParts('&amp;lt;')).toEqual([{ text: '&lt;', marked: false }]);
  });

  it('is nothing for an empty snippet', () => {
    expect(snippetParts('')).toEqual([]);
  });
});
