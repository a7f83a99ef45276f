import { imageAttributes } from './images';
import type { Media } from './types';

const photo = (fields: Partial<Media> = {}): Media => ({ id: 1, url: '/uploads/author.jpg', ...fields });

afterEach(() => {
  globalThis.__BLOG_CONFIG__ = undefined;
});

describe('imageAttributes', () => {
  it('points at the media host and gives the size, the smaller copies by width and the description', () => {
    globalThis.__BLOG_CONFIG__ = { mediaUrl: 'https://media.example.com' };
    const attributes = imageAttributes(
      photo({
        width: 800,
        height: 1000,
        alternativeText: 'The author',
        formats: {
          small: { url: '/uploads/small_author.jpg', width: 400, height: 500 },
          thumbnail: { url: '/uploads/thumbnail_author.jpg', width: 125, height: 156 },
          medium: { url: '/uploads/medium_author.jpg', width: 600, height: 750 },
        },
      }),
    );
    expect(attributes).toEqual({
      src: 'https://media.example.com/uploads/author.jpg',
      srcSet: [
        'https://media.example.com/uploads/thumbnail_author.jpg 125w',
        'https://media.example.com/uploads/small_author.jpg 400w',
        'https://media.example.com/uploads/medium_author.jpg 600w',
        'https://media.example.com/uploads/author.jpg 800w',
      ].join(', '),
      width: 800,
      height: 1000,
      alt: 'The author',
    });
  });

  it('offers no choice when the CMS made no smaller copies', () => {
    expect(imageAttributes(photo({ width: 800, height: 1000, formats: null }))).toMatchObject({
      src: 'http://localhost:1337/uploads/author.jpg',
      srcSet: undefined,
      width: 800,
      height: 1000,
    });
  });

  it('offers no choice, nor a size, when the original’s size is unknown', () => {
    const attributes = imageAttributes(
      photo({
        width: null,
        height: null,
        formats: { small: { url: '/uploads/small_author.jpg', width: 400, height: 500 } },
      }),
    );
    expect(attributes).toMatchObject({ srcSet: undefined, width: undefined, height: undefined });
  });

  it('describes an image without a description as decorative', () => {
    expect(imageAttributes(photo()).alt).toBe('');
  });
});
