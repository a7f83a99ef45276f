import { promisify } from 'node:util';
import { gunzip, gunzipSync, gzip, gzipSync } from 'node:zlib';
import {
  SERVER_STATE_ID,
  SHARED_PARTS,
  SHARED_PART_ATTRIBUTE,
  serializeState,
  type ServerState,
  type SharedPartName,
} from '@blog/shared';
import { buildOfKey } from './page-key';
import { changedSince, etagOf, type CachedPage, type PageStore } from './page-cache';
import { outdatesOnly, tagsOfRead } from './tags';

type DehydratedQuery = ServerState['reads']['queries'][number];

/** A part many pages show alike (`SHARED_PARTS`), as one page rendered it. */
export interface RenderedPart {
  name: SharedPartName;
  /** Its element's HTML, as React rendered it. */
  html: string;
  /** Its reads, dehydrated as the page's state holds them: the browser hydrates it from them. */
  reads: DehydratedQuery[];
  /** What it was rendered from (`tags.ts`): a change of one drops it. */
  tags: string[];
}

const isPartName = (name: string): name is SharedPartName => Object.hasOwn(SHARED_PARTS, name);

/** The reads some part shows, by the first part of their query key. */
const PART_READS = new Set<string>(Object.values(SHARED_PARTS).flat());

const readName = ({ queryKey }: DehydratedQuery) => String(queryKey[0]);

interface Region {
  start: number;
  end: number;
}

const MARK = ` ${SHARED_PART_ATTRIBUTE}="`;

/** Where the element opened at `start` (`<tag …>`) ends, past its closing tag; React escapes every `<` of text and attributes. */
function elementEnd(html: string, tag: string, start: number): number | undefined {
  const tags = new RegExp(`<(/?)${tag}[\\s>]`, 'g');
  tags.lastIndex = start;
  let depth = 0;
  for (let found = tags.exec(html); found; found = tags.exec(html)) {
    depth += found[1] ? -1 : 1;
    if (depth === 0) return html.indexOf('>', found.index) + 1;
  }
  return undefined;
}

/**
 * Where each part lies in a page's HTML, in the page's order; none when a mark is not a whole
 * element or names a part twice, for then the page cannot be told apart from its parts.
 */
export function partRegions(html: string): Map<SharedPartName, Region> | undefined {
  const regions = new Map<SharedPartName, Region>();
  for (let mark = html.indexOf(MARK); mark >= 0;) {
    const nameStart = mark + MARK.length;
    const name = html.slice(nameStart, html.indexOf('"', nameStart));
    const start = html.lastIndexOf('<', mark);
    const tag = /^<([a-z][a-z0-9]*)/.exec(html.slice(start, mark + 1))?.[1];
    const end = tag && elementEnd(html, tag, start);
    if (!isPartName(name) || !end || regions.has(name)) return undefined;
    regions.set(name, { start, end });
    mark = html.indexOf(MARK, end);
  }
  return regions;
}

/** The parts a page's app HTML shows, with their reads from its state, and the tags of what they show and of the page's `sectionTags`. */
export function renderedParts(html: string, state: ServerState, sectionTags: string[]): RenderedPart[] {
  return [...(partRegions(html) ?? [])].map(([name, { start, end }]) => {
    const shown = new Set<string>(SHARED_PARTS[name]);
    const reads = state.reads.queries.filter((read) => shown.has(readName(read)));
    const tags = reads.flatMap(({ queryKey, state: { data } }) => tagsOfRead(queryKey, data) ?? []);
    return { name, html: html.slice(start, end), reads, tags: [...new Set([...tags, ...sectionTags])] };
  });
}

const STATE_OPEN = `<script id="${SERVER_STATE_ID}" type="application/json">`;

/** The page's state script: where its JSON lies, and what it says. */
function stateIn(html: string): (Region & { state: ServerState }) | undefined {
  const open = html.lastIndexOf(STATE_OPEN);
  if (open < 0) return undefined;
  const start = open + STATE_OPEN.length;
  const end = html.indexOf('</script>', start);
  return { start, end, state: JSON.parse(html.slice(start, end)) as ServerState };
}

/** A page with `parts` in place of those it shows: its HTML and its state; none when it shows a part's read outside one of them. */
export function withParts(html: string, parts: ReadonlyMap<SharedPartName, RenderedPart>): string | undefined {
  const regions = partRegions(html);
  const script = stateIn(html);
  if (!regions || regions.size === 0 || !script) return undefined;
  const replaced = new Set<string>([...regions.keys()].flatMap((name) => SHARED_PARTS[name]));
  const { queries } = script.state.reads;
  if (queries.some((read) => PART_READS.has(readName(read)) && !replaced.has(readName(read)))) return undefined;
  const state: ServerState = {
    ...script.state,
    reads: {
      ...script.state.reads,
      queries: [
        ...queries.filter((read) => !replaced.has(readName(read))),
        ...[...regions.keys()].flatMap((name) => parts.get(name)?.reads ?? []),
      ],
    },
  };
  const pieces: string[] = [];
  let at = 0;
  for (const [name, { start, end }] of regions) {
    const part = parts.get(name);
    if (!part || start < at || end > script.start) return undefined;
    pieces.push(html.slice(at, start), part.html);
    at = end;
  }
  pieces.push(html.slice(at, script.start), serializeState(state), html.slice(script.end));
  return pieces.join('');
}

/** A part kept for the pages of one build of the shell, with when its reads began. */
interface KeptPart extends RenderedPart {
  readAt: number;
}

/** A page's gzip with the parts written in anew, and its tag for conditional requests. */
export interface PartsWritten {
  gzip: Buffer;
  etag: string;
}

/** Writes `parts` into the page whose gzip is `zipped`; none when the page cannot take them (`withParts`). */
export type WriteParts = (
  zipped: Buffer,
  parts: ReadonlyMap<SharedPartName, RenderedPart>,
) => Promise<PartsWritten | undefined>;

interface Zip {
  gunzip: (bytes: Buffer) => Buffer | Promise<Buffer>;
  gzip: (bytes: Buffer) => Buffer | Promise<Buffer>;
}

async function partsWrittenWith(zip: Zip, zipped: Buffer, parts: ReadonlyMap<SharedPartName, RenderedPart>) {
  const html = withParts((await zip.gunzip(zipped)).toString(), parts);
  if (html === undefined) return undefined;
  const body = Buffer.from(html);
  return { gzip: await zip.gzip(body), etag: etagOf(body) };
}

/**
 * `WriteParts` with the zipping on libuv's threads, for a render server that renders on the thread
 * that answers. Where there are render threads, the parts are written in one of them
 * (`writePartsHere`): here, each 16 kB of zlib's work was a trip back to this thread, and with the
 * page's state parsed and written again, its bytes and its tag, writing the parts into the pages a
 * publish left took a tenth of this thread's time under the mix.
 */
export const writePartsOnPool: WriteParts = (zipped, parts) =>
  partsWrittenWith({ gunzip: promisify(gunzip), gzip: promisify(gzip) }, zipped, parts);

/** `WriteParts` on the thread that calls it, blocking it: a render thread's, whose work is its own. */
export const writePartsHere: WriteParts = (zipped, parts) =>
  partsWrittenWith({ gunzip: gunzipSync, gzip: gzipSync }, zipped, parts);

/**
 * The parts many pages show alike, as last rendered for each build of the shell, so that a change
 * of what one shows refreshes them apart from the pages: the first page rendered after the change
 * brings the new part, and every other kept page gets it written in (`reassemble`), with no read
 * of the CMS and no render. A part is kept for `ttlMs` at most, dropped by the changes of what it
 * shows (`drop`); since a change may have been reported to another render server sharing the
 * page store, it is used only while the store's record of changes names none of its tags since.
 */
export class SharedParts {
  private readonly parts = new Map<string, KeptPart>();

  constructor(
    private readonly changes: Pick<PageStore, 'invalidatedSince'>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly write: WriteParts = writePartsOnPool,
  ) {}

  /** Whether a change of `tag` reaches pages only through their shared parts: those are refreshed apart. */
  refreshes(tag: string): boolean {
    return outdatesOnly(tag);
  }

  /** Keeps the parts a page at `key` rendered from reads begun at `renderedAt`, where they are the newest and nothing they show changed since. */
  async learn(key: string, parts: RenderedPart[], renderedAt: number): Promise<void> {
    for (const part of parts) {
      const id = `${buildOfKey(key)}:${part.name}`;
      if ((this.parts.get(id)?.readAt ?? -Infinity) >= renderedAt) continue;
      if (!(await changedSince(this.changes, part.tags, renderedAt)))
        this.parts.set(id, { ...part, readAt: renderedAt });
    }
    for (const [id, { readAt }] of this.parts) if (this.now() - readAt >= this.ttlMs) this.parts.delete(id);
  }

  /** Drops every part with one of `tags` read at or before `at` (when they changed). */
  drop(tags: string[], at: number): void {
    const changed = new Set(tags);
    for (const [id, part] of this.parts)
      if (part.readAt <= at && part.tags.some((tag) => changed.has(tag))) this.parts.delete(id);
  }

  /**
   * The page kept at `key` with the parts it shows as they are now, and when the oldest of them
   * was read; none when one of them has not been rendered since it changed, or the page shows a
   * part's read elsewhere. It is kept zipped alone, as a page read from disk is (`pageBody`).
   */
  async reassemble(key: string, page: CachedPage): Promise<{ page: CachedPage; partsReadAt: number } | undefined> {
    const current = new Map<SharedPartName, KeptPart>();
    for (const name of Object.keys(SHARED_PARTS) as SharedPartName[]) {
      const part = await this.current(`${buildOfKey(key)}:${name}`);
      if (part) current.set(name, part);
    }
    // None rendered since the last change (a burst of them): no page is unzipped to find that out.
    if (current.size === 0) return undefined;
    const written = await this.write(page.gzip, current);
    if (!written) return undefined;
    return {
      page: { ...page, body: undefined, ...written },
      partsReadAt: Math.min(...[...current.values()].map(({ readAt }) => readAt)),
    };
  }

  private async current(id: string): Promise<KeptPart | undefined> {
    const part = this.parts.get(id);
    if (!part || this.now() - part.readAt >= this.ttlMs) return undefined;
    if (!(await changedSince(this.changes, part.tags, part.readAt))) return part;
    this.parts.delete(id);
    return undefined;
  }
}
