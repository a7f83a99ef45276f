/** @jest-environment node */
import {
  EMPTY_REGISTRY,
  SwitchConflict,
  canaryPercent,
  historyTable,
  isReleaseId,
  manifestFiles,
  parseHistory,
  parseRegistry,
  previousRelease,
  releaseId,
  rollbackReleases,
  releasesToPrune,
  deployedOf,
  sectionsOf,
  sharedMismatches,
  shellDistOf,
  switched,
  type Registry,
  type Switch,
} from './releases';

const files = (entries: Record<string, string>): [string, Buffer][] =>
  Object.entries(entries).map(([file, text]) => [file, Buffer.from(text)]);

const entry = (release: string) => ({
  release,
  manifest: `http://localhost:3004/releases/${release}/mf-manifest.json`,
});

describe('a release id', () => {
  it('is the build version and a hash of every file, whatever order they are listed in', () => {
    const id = releaseId('1.0.0', files({ 'remoteEntry.js': 'a', 'server/remoteEntry.js': 'b' }));
    expect(id).toMatch(/^1\.0\.0-[0-9a-f]{12}$/);
    expect(releaseId('1.0.0', files({ 'server/remoteEntry.js': 'b', 'remoteEntry.js': 'a' }))).toBe(id);
    expect(isReleaseId(id)).toBe(true);
  });

  it('changes with a byte, a name or the version', () => {
    const id = releaseId('1.0.0', files({ 'remoteEntry.js': 'a' }));
    expect(releaseId('1.0.0', files({ 'remoteEntry.js': 'b' }))).not.toBe(id);
    expect(releaseId('1.0.0', files({ 'remote.js': 'a' }))).not.toBe(id);
    expect(releaseId('1.0.1', files({ 'remoteEntry.js': 'a' }))).not.toBe(id);
  });

  it('never names a folder outside the store', () => {
    expect(releaseId('../x', files({})).startsWith('.._x-')).toBe(true);
    expect(isReleaseId('../1.0.0-0123456789ab')).toBe(false);
    expect(isReleaseId('.-0123456789ab')).toBe(false);
    expect(isReleaseId('1.0.0')).toBe(false);
  });
});

describe("the shell's release", () => {
  const shell = {
    release: '1.0.0-ffffffffffff',
    manifest: 'file:///srv/releases/shell/1.0.0-ffffffffffff/mf-manifest.json',
  };
  const registry: Registry = { revision: 4, live: { mf_pages: entry('1.0.0-aaaaaaaaaaaa'), shell } };

  it('is in the registry beside the sections, and a render server follows it apart from them', () => {
    expect(deployedOf(JSON.stringify(registry))).toEqual({
      manifests: { mf_pages: registry.live.mf_pages.manifest },
      canaries: {},
      shell: shell.manifest,
    });
    expect(sectionsOf(registry.live)).toEqual({ mf_pages: registry.live.mf_pages });
  });

  it("runs a canary as a section's does: named among the canaries, the live release the shell's", () => {
    const canary = { release: '1.0.0-eeeeeeeeeeee', manifest: shell.manifest.replaceAll('f', 'e'), percent: 10 };
    const text = JSON.stringify({ ...registry, live: { ...registry.live, shell: { ...shell, canary } } });
    expect(deployedOf(text)).toMatchObject({ canaries: { shell: canary }, shell: shell.manifest });
  });

  it('is run from its folder on this machine; another address names none', () => {
    expect(shellDistOf(shell.manifest)).toBe('/srv/releases/shell/1.0.0-ffffffffffff');
    expect(shellDistOf('http://localhost:3004/releases/1.0.0-ffffffffffff/mf-manifest.json')).toBeUndefined();
  });

  it('is rolled back as a section is: to the shell live before', () => {
    const history: Switch[] = [
      { at: '1', section: 'shell', action: 'start', from: null, to: 'a', check: 'skipped', live: 'a' },
      { at: '2', section: 'shell', action: 'release', from: 'a', to: 'b', check: 'passed', live: 'b' },
      { at: '3', section: 'mf_pages', action: 'release', from: 'x', to: 'y', check: 'passed', live: 'y' },
    ];
    expect(previousRelease(history, 'shell', 'b')).toBe('a');
  });
});

describe('the releases kept for rollback', () => {
  const switchOf = (section: string, from: string | null, to: string, check = 'passed'): Switch => ({
    at: '2026-11-27T12:00:00.000Z',
    section,
    action: from ? 'release' : 'start',
    from,
    to,
    check,
    live: check === 'passed' ? to : from,
  });

  it("are each part's release a rollback returns to now, shell and sections alike", () => {
    const history = [
      switchOf('mf_pages', null, 'p1', 'skipped'),
      switchOf('shell', null, 's1', 'skipped'),
      switchOf('mf_pages', 'p1', 'p2'),
      switchOf('shell', 's1', 's2'),
      switchOf('shell', 's2', 's3', 'refused: /About rendered with the release threw'),
    ];
    const registry: Registry = {
      revision: 4,
      live: { mf_pages: entry('p2'), mf_contact: entry('c1'), shell: entry('s2') },
    };
    expect(rollbackReleases(history, registry)).toEqual({ mf_pages: 'p1', shell: 's1' });
  });

  it('after a rollback, are the release rolled back from', () => {
    const history = [
      switchOf('shell', null, 's1', 'skipped'),
      switchOf('shell', 's1', 's2'),
      switchOf('shell', 's2', 's1'),
    ];
    expect(rollbackReleases(history, { revision: 3, live: { shell: entry('s1') } })).toEqual({ shell: 's2' });
  });
});

describe('the registry', () => {
  const registry: Registry = { revision: 3, live: { mf_pages: entry('1.0.0-aaaaaaaaaaaa') } };

  it('is read back as written, and is where the render server finds each section', () => {
    const text = JSON.stringify(registry);
    expect(parseRegistry(text)).toEqual(registry);
    expect(deployedOf(text)).toEqual({ manifests: { mf_pages: registry.live.mf_pages.manifest }, canaries: {} });
  });

  it('still takes a plain remotes.json', () => {
    expect(deployedOf('{"mf_pages":"http://localhost:3004/mf-manifest.json"}')).toEqual({
      manifests: { mf_pages: 'http://localhost:3004/mf-manifest.json' },
      canaries: {},
    });
  });

  it('refuses a file edited into something else', () => {
    expect(() => deployedOf('{"revision": 3, "live": ')).toThrow(SyntaxError);
    expect(() => deployedOf('{"revision": "3", "live": {}}')).toThrow('not {"revision"');
    expect(() => deployedOf('{"revision": 3, "live": {"mf_pages": "x"}}')).toThrow('entry for mf_pages');
    expect(() => deployedOf('["x"]')).toThrow('remotes.json is not');
  });

  it('switches a section and raises the revision', () => {
    expect(switched(registry, registry, 'mf_pages', entry('1.0.0-bbbbbbbbbbbb'))).toEqual({
      revision: 4,
      live: { mf_pages: entry('1.0.0-bbbbbbbbbbbb') },
    });
    expect(switched(EMPTY_REGISTRY, EMPTY_REGISTRY, 'mf_pages', entry('1.0.0-aaaaaaaaaaaa')).revision).toBe(1);
  });

  it('keeps a switch of another section made since it was read: both land', () => {
    const meanwhile = switched(registry, registry, 'mf_contact', entry('1.0.0-cccccccccccc'));
    expect(switched(meanwhile, registry, 'mf_pages', entry('1.0.0-bbbbbbbbbbbb'))).toEqual({
      revision: 5,
      live: { mf_pages: entry('1.0.0-bbbbbbbbbbbb'), mf_contact: entry('1.0.0-cccccccccccc') },
    });
  });

  it('refuses a switch of a section switched since it was read: one winner, the other retries', () => {
    const winner = switched(registry, registry, 'mf_pages', entry('1.0.0-bbbbbbbbbbbb'));
    expect(() => switched(winner, registry, 'mf_pages', entry('1.0.0-cccccccccccc'))).toThrow(SwitchConflict);
    expect(() => switched(winner, registry, 'mf_pages', entry('1.0.0-cccccccccccc'))).toThrow(/retry$/);
  });
});

describe('a canary in the registry', () => {
  const canary = { ...entry('1.0.0-bbbbbbbbbbbb'), percent: 50 };
  const registry: Registry = {
    revision: 3,
    live: { mf_pages: { ...entry('1.0.0-aaaaaaaaaaaa'), canary }, mf_contact: entry('1.0.0-cccccccccccc') },
  };

  it('takes a whole percent from 1 to 99 of new visitors, nothing else', () => {
    expect(['1', '50', '99'].map(canaryPercent)).toEqual([1, 50, 99]);
    expect(['0', '100', '150', 'abc', '5.5', '-5', '', '050'].map(canaryPercent)).toEqual(Array(8).fill(undefined));
    expect(canaryPercent(true)).toBeUndefined();
  });

  it('is read back as written, and names the canaries beside what is live', () => {
    const text = JSON.stringify(registry);
    expect(parseRegistry(text)).toEqual(registry);
    expect(deployedOf(text)).toEqual({
      manifests: { mf_pages: entry('1.0.0-aaaaaaaaaaaa').manifest, mf_contact: entry('1.0.0-cccccccccccc').manifest },
      canaries: { mf_pages: canary },
    });
    const broken = {
      ...registry,
      live: { mf_pages: { ...entry('1.0.0-aaaaaaaaaaaa'), canary: { ...canary, percent: 0 } } },
    };
    expect(() => parseRegistry(JSON.stringify(broken))).toThrow('canary for mf_pages');
  });

  it('is a change of its section: a canary begun since the read is a conflict', () => {
    const read: Registry = { revision: 2, live: { ...registry.live, mf_pages: entry('1.0.0-aaaaaaaaaaaa') } };
    expect(() => switched(registry, read, 'mf_pages', entry('1.0.0-dddddddddddd'))).toThrow(SwitchConflict);
    expect(switched(registry, read, 'mf_contact', entry('1.0.0-dddddddddddd')).live.mf_pages.canary).toEqual(canary);
  });

  it('is shown in the history and in what is live now', () => {
    const line: Switch = {
      at: 'now',
      section: 'mf_pages',
      action: 'canary',
      from: '1.0.0-aaaaaaaaaaaa',
      to: '1.0.0-bbbbbbbbbbbb',
      check: 'passed',
      live: '1.0.0-aaaaaaaaaaaa',
      canary: 50,
    };
    expect(historyTable([line], { revision: 3, live: { mf_pages: registry.live.mf_pages } }).split('\n')).toEqual([
      'now  mf_pages  canary 50%  1.0.0-aaaaaaaaaaaa → 1.0.0-bbbbbbbbbbbb  check: passed  live: 1.0.0-aaaaaaaaaaaa',
      'live now: mf_pages 1.0.0-aaaaaaaaaaaa, canary 1.0.0-bbbbbbbbbbbb for 50% of new visitors',
    ]);
  });
});

describe('the history', () => {
  const at = '2026-11-26T02:00:00.000Z';
  const step = (from: string | null, to: string, check = 'passed'): Switch => ({
    at,
    section: 'mf_pages',
    action: 'release',
    from,
    to,
    check,
    live: check === 'passed' ? to : from,
  });

  it('is read line by line, a broken line skipped', () => {
    const history = [step(null, 'a'), step('a', 'b')];
    const text = `${history.map((line) => JSON.stringify(line)).join('\n')}\n{"half`;
    expect(parseHistory(text)).toEqual(history);
  });

  it('gives the release a rollback goes back to: the one before the live one, refused releases aside', () => {
    const history = [step(null, 'a'), step('a', 'b'), step('b', 'c', 'missing chunk')];
    expect(previousRelease(history, 'mf_pages', 'b')).toBe('a');
    expect(previousRelease(history, 'mf_pages', 'a')).toBeUndefined();
    expect(previousRelease(history, 'mf_contact', 'b')).toBeUndefined();
  });
});

describe('what a release is checked against', () => {
  const manifest = {
    name: 'mf_pages',
    metaData: { remoteEntry: { path: '', name: 'remoteEntry.js' } },
    exposes: [
      { name: 'About', assets: { js: { sync: ['1.js', 'About.js'], async: ['2.js'] }, css: { sync: ['a.css'] } } },
    ],
    shared: [
      { name: 'react', version: '19.3.1', requiredVersion: '19.3.1', assets: { js: { sync: ['react.js'] } } },
      { name: '@blog/shared/query', version: '5.108.0', requiredVersion: '^5.108.0' },
    ],
  };

  it('names every file once: the entry, the exposed modules’ and the shared packages’', () => {
    expect(manifestFiles(manifest)).toEqual(['remoteEntry.js', '1.js', 'About.js', '2.js', 'a.css', 'react.js']);
  });

  it('accepts shared packages the shell provides in a version they take', () => {
    const shell = {
      shared: [
        { name: 'react', version: '19.3.1' },
        { name: '@blog/shared/query', version: '5.110.0' },
      ],
    };
    expect(sharedMismatches(manifest, shell)).toEqual([]);
  });

  it('refuses a React major the shell does not provide', () => {
    const shell = { shared: [{ name: 'react', version: '18.3.1' }] };
    expect(sharedMismatches(manifest, shell)).toEqual(['react 19.3.1 is wanted, the shell provides 18.3.1']);
  });
});

describe('pruning', () => {
  const hour = 3_600_000;
  const now = 100 * hour;
  const releases = Array.from({ length: 8 }, (_, index) => ({
    id: `r${index}`,
    publishedAt: now - (8 - index) * 10 * hour,
  }));

  it('keeps the newest five, every release younger than the time kept, and the live one', () => {
    // r0…r7 published 80…10 hours ago: r3…r7 are the newest five, r1 is live.
    expect(releasesToPrune(releases, 'r1', now, 24 * hour)).toEqual(['r2', 'r0']);
    expect(releasesToPrune(releases, 'r1', now, 75 * hour)).toEqual(['r0']);
    expect(releasesToPrune(releases.slice(0, 5), undefined, now, 0)).toEqual([]);
  });
});
