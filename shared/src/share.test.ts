import { SHARE_WINDOW_FEATURES, shareTarget, shareText, shareUrl } from './share';

describe('shareUrl', () => {
  it('opens the Articles page on the encoded title', () => {
    expect(shareUrl('https://blog.example.com', 'Drones & tanks: 2025?')).toBe(
      'https://blog.example.com/Articles?title=Drones%20%26%20tanks%3A%202025%3F',
    );
  });
});

describe('shareText', () => {
  it('is the title and the first 100 characters of the text, without markup', () => {
    const body = 'x'.repeat(95) + 'abcdefghij';
    const text = shareText({ title_article: 'Budget', text_article: `# Intro\n\n> ${body}` });
    expect(text).toBe(`Budget - Intro ${'x'.repeat(94)}`);
  });

  it('drops link and bold markup but keeps their words', () => {
    expect(shareText({ title_article: 'T', text_article: 'See **the** [report](https://example.com).' })).toBe(
      'T - See the report.',
    );
  });

  it('never cuts a character in half', () => {
    const text = shareText({ title_article: 'T', text_article: '🚀'.repeat(120) });
    expect(text).toBe(`T - ${'🚀'.repeat(100)}`);
  });

  it('is the title alone when the article has no text', () => {
    expect(shareText({ title_article: 'Budget', text_article: null })).toBe('Budget');
  });
});

describe('shareTarget', () => {
  const content = {
    url: 'https://blog.example.com/Articles?title=A%20B',
    text: 'A B - words',
    photoUrl: 'https://cms.example.com/uploads/a.jpg',
  };

  it('builds each network share address around the encoded article address', () => {
    const url = encodeURIComponent(content.url);
    expect(shareTarget('facebook', content)).toBe(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(shareTarget('x', content)).toBe(`https://twitter.com/intent/tweet?url=${url}&text=A%20B%20-%20words`);
    expect(shareTarget('linkedin', content)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${url}`);
  });

  it('opens the photo for Instagram, or the article when there is none', () => {
    expect(shareTarget('instagram', content)).toBe(content.photoUrl);
    expect(shareTarget('instagram', { ...content, photoUrl: null })).toBe(content.url);
  });

  it('opens a 600x400 window', () => {
    expect(SHARE_WINDOW_FEATURES).toBe('width=600,height=400');
  });
});
