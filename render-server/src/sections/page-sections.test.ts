/** @jest-environment node */
import type { DeployedSections } from './deployed';
import type { PageSections } from './page-sections';
import { ServerSections } from './server-sections';

// The federation runtime stood in for: each module says which server build (entry) it was loaded from.
jest.mock('@module-federation/enhanced/runtime', () => {
  const entries = new Map<string, string>();
  return {
    registerRemotes: (remotes: { name: string; entry: string }[]) =>
      remotes.forEach(({ name, entry }) => entries.set(name, entry)),
    loadRemote: (id: string) => Promise.resolve({ default: () => null, entry: entries.get(id.split('/')[0]) }),
  };
});

describe('the sections a page is rendered with', () => {
  const files = new Map<string, string>();
  /** A release of the pages section, served under its own folder; its manifest's address. */
  const release = (id: string) => {
    const base = `https://sections.test/releases/${id}/`;
    files.set(
      `${base}mf-manifest.json`,
      JSON.stringify({
        metaData: { remoteEntry: { path: '', name: 'remoteEntry.js' } },
        exposes: [{ name: 'About', assets: { css: { sync: ['about.css'] }, js: { sync: ['expose_About.js'] } } }],
      }),
    );
    files.set(`${base}server/remoteEntry.js`, `the server build of ${id}`);
    files.set(`${base}about.css`, `.about { content: '${id}'; }`);
    return `${base}mf-manifest.json`;
  };
  const first = release('1.0.0-aaaaaaaaaaaa');
  const second = release('1.0.0-bbbbbbbbbbbb');
  let live: Record<string, string>;
  const deployed: DeployedSections = {
    read: () => Promise.resolve({ manifests: live, canaries: {} }),
    follow: () => () => undefined,
  };
  const folder = (manifest: string) => manifest.replace('mf-manifest.json', '');
  /** What of a page comes from which release: the code it rendered, its stylesheet, its scripts and the browser's remotes. */
  const shown = async (page: PageSections) => ({
    code: ((await page.load('mf_pages/About')) as unknown as { entry: string }).entry.split('?')[0],
    stylesheets: page.stylesheets('mf_pages/About').map(({ href }) => href),
    scripts: page.scripts('mf_pages/About'),
    remotes: page.manifests(),
  });
  const of = (manifest: string) => ({
    code: `${folder(manifest)}server/remoteEntry.js`,
    stylesheets: [`${folder(manifest)}about.css`],
    scripts: [`${folder(manifest)}remoteEntry.js`, `${folder(manifest)}expose_About.js`],
    remotes: { mf_pages: manifest },
  });

  beforeEach(() => {
    live = { mf_pages: first };
    jest.spyOn(global, 'fetch').mockImplementation((input) => {
      const text = files.get(input instanceof Request ? input.url : input.toString());
      return Promise.resolve(new Response(text ?? 'Not found', { status: text === undefined ? 404 : 200 }));
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('are all of the releases it began with, when a release goes live while it renders; the next page is all of the new one', async () => {
    const sections = new ServerSections(deployed, 1_000);
    await sections.start(60_000);
    try {
      const during = sections.page();
      await during.load('mf_pages/About');
      live = { mf_pages: second };
      await sections.checkDeployments();
      expect(await shown(during)).toEqual(of(first));
      expect(await shown(sections.page())).toEqual(of(second));
      expect(sections.manifests()).toEqual({ mf_pages: second });
    } finally {
      sections.stop();
    }
  });
});
