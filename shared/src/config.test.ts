import { apiUrl, mediaUrlFor, siteConfig } from './config';

afterEach(() => {
  globalThis.__BLOG_CONFIG__ = undefined;
});

describe('siteConfig', () => {
  it('uses the local CMS and the public services when the page sets nothing', () => {
    expect(siteConfig()).toEqual({
      cmsUrl: 'http://localhost:1337',
      mediaUrl: 'http://localhost:1337',
      geocoderUrl: 'https://nominatim.openstreetmap.org/search',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      countriesUrl: 'https://restcountries.com/v3.1/all?fields=idd',
    });
  });

  it('takes what the hosting page set, read at call time, without trailing slashes', () => {
    globalThis.__BLOG_CONFIG__ = { cmsUrl: 'https://cms.example.com/', geocoderUrl: 'http://localhost:9000/search//' };
    expect(siteConfig()).toMatchObject({
      cmsUrl: 'https://cms.example.com',
      geocoderUrl: 'http://localhost:9000/search',
      countriesUrl: 'https://restcountries.com/v3.1/all?fields=idd',
    });
  });

  it('serves media from the CMS unless a media host is set', () => {
    globalThis.__BLOG_CONFIG__ = { cmsUrl: 'https://cms.example.com' };
    expect(siteConfig().mediaUrl).toBe('https://cms.example.com');
    globalThis.__BLOG_CONFIG__ = { cmsUrl: 'https://cms.example.com', mediaUrl: 'https://media.example.com/' };
    expect(siteConfig().mediaUrl).toBe('https://media.example.com');
  });

  it('ignores empty values', () => {
    globalThis.__BLOG_CONFIG__ = { cmsUrl: '  ' };
    expect(siteConfig().cmsUrl).toBe('http://localhost:1337');
  });
});

describe('apiUrl', () => {
  it('puts the path under the API base', () => {
    globalThis.__BLOG_CONFIG__ = { cmsUrl: 'https://cms.example.com/' };
    expect(apiUrl('articles?populate=*')).toBe('https://cms.example.com/api/articles?populate=*');
  });
});

describe('mediaUrlFor', () => {
  it('prefixes the media host to a relative url', () => {
    globalThis.__BLOG_CONFIG__ = { mediaUrl: 'https://media.example.com/' };
    expect(mediaUrlFor('/uploads/tank.jpg')).toBe('https://media.example.com/uploads/tank.jpg');
    expect(mediaUrlFor('uploads/tank.jpg')).toBe('https://media.example.com/uploads/tank.jpg');
  });

  it('leaves an absolute url as it is', () => {
    expect(mediaUrlFor('https://cdn.example.com/tank.jpg')).toBe('https://cdn.example.com/tank.jpg');
    expect(mediaUrlFor('HTTP://cdn.example.com/tank.jpg')).toBe('HTTP://cdn.example.com/tank.jpg');
  });
});
