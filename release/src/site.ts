import { setting } from '@blog/server-kit';
import { z } from 'zod';

// The site a store's releases go live on, its `site.json`: one schema a store, which its reader
// and `npm run release:site` (the store's writer) both hold it to, so that what is written is
// what a release reads. Each field's error says what it must be, for one line naming it.

const httpAddress = setting.httpAddress;

/** Each section's origin, by container: `<origin>/releases/<id>/mf-manifest.json` is a release's manifest. */
const origins = z.record(
  z.string(),
  // A trailing slash would make `<origin>//releases/…`, another address.
  httpAddress().transform((origin) => origin.replace(/\/+$/, '')),
  { error: "an object of each section's origin by its container" },
);

const path = (what: string) => z.string({ error: `the path of ${what}` }).min(1, { error: `the path of ${what}` });

/** A folder's: this machine's builds and `config.js`, which the check runs (`npm start` writes it at every start). */
export const folderSite = z.object(
  {
    renderServer: path("the render server's program (render-server/dist/index.js)"),
    shellDist: path("the shell's browser build"),
    configFile: path("the site's config.js"),
    origins,
  },
  { error: 'a JSON object' },
);

/** The site of a folder's releases, with what the check runs. */
export type SiteOfStore = z.output<typeof folderSite>;

/** A bucket's: what a release command on any machine needs of the site (it runs its own checkout's builds). */
export const bucketSite = z.object(
  {
    origins,
    /** The site's `window.__BLOG_CONFIG__`: the CMS the check renders with. */
    config: z.looseObject({ cmsUrl: httpAddress() }, { error: "the site's config, an object with its cmsUrl" }),
  },
  { error: 'a JSON object' },
);

/** The site `json` describes, by `schema`; one it refuses throws one line naming `where` it is and its first field wrong. */
export function siteOf<Schema extends z.ZodType>(schema: Schema, json: string, where: string): z.output<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`${where} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = issue.path.join('.');
  throw new Error(
    `${where} is not the site's description: ${field ? `${field} must be` : 'it must be'} ${issue.message}`,
  );
}
