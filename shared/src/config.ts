export interface SiteConfig {
  /** The CMS host; the API base is `${cmsUrl}/api`. */
  cmsUrl: string;
  /** The host that relative media urls are served from. */
  mediaUrl: string;
  geocoderUrl: string;
  tileUrl: string;
  countriesUrl: string;
}

declare global {
  // Set by a hosting page (a `config.js` script) so one build can be pointed at any CMS or stand-in.
  var __BLOG_CONFIG__: Partial<SiteConfig> | undefined;
}

const DEFAULT_CMS_URL = 'http://localhost:1337';

const DEFAULTS: Omit<SiteConfig, 'cmsUrl' | 'mediaUrl'> = {
  geocoderUrl: 'https://nominatim.openstreetmap.org/search',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  countriesUrl: 'https://restcountries.com/v3.1/all?fields=idd',
};

const trimTrailingSlashes = (url: string) => url.replace(/\/+$/, '');

/** The hosting page's value when it set a usable one. */
function override(written: Partial<SiteConfig> | undefined, key: keyof SiteConfig): string | undefined {
  const value = written?.[key];
  return typeof value === 'string' && value.trim() !== '' ? trimTrailingSlashes(value.trim()) : undefined;
}

/** The page's configuration (`written`, by default the hosting page's), read at call time, so a config script loaded after this module still counts. */
export function siteConfig(written = globalThis.__BLOG_CONFIG__): SiteConfig {
  const cmsUrl = override(written, 'cmsUrl') ?? DEFAULT_CMS_URL;
  return {
    cmsUrl,
    mediaUrl: override(written, 'mediaUrl') ?? cmsUrl,
    geocoderUrl: override(written, 'geocoderUrl') ?? DEFAULTS.geocoderUrl,
    tileUrl: override(written, 'tileUrl') ?? DEFAULTS.tileUrl,
    countriesUrl: override(written, 'countriesUrl') ?? DEFAULTS.countriesUrl,
  };
}

export function apiUrl(path: string): string {
  return `${siteConfig().cmsUrl}/api/${path}`;
}

/** Strapi stores uploads with a relative url unless an upload provider gave an absolute one. */
export function mediaUrlFor(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${siteConfig().mediaUrl}/${url.replace(/^\/+/, '')}`;
}
