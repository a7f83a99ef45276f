/** @jest-environment node */
import { KeptReads } from './kept-reads';
import { MemoryPageStore } from './page-cache';
import { TAG, tagsOfChange } from './tags';

const anArticlePublished = tagsOfChange({ event: 'entry.publish', uid: 'api::article.article', documentId: 'd' });

const CONTACT = 'http://cms.test/api/contact-details?populate=*';
const POPULAR = 'http://cms.test/api/most-popular-articles';
const TOPICS = 'http://cms.test/api/article-topics';
const ARTICLE = 'http://cms.test/api/articles?filters[title_article][$eq]=Munitions%20Math';
const TTL = 300_000;

let clock: number;
const now = () => clock;

/** A CMS that answers each read with the answer it holds now for the address, counting what it was asked. */
function cms(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const read = (url: string) => () => {
    asked.push(url);
    return Promise.resolve(answers[url]);
  };
  return { asked, read, answers };
}

beforeEach(() => {
  clock = 1_000_000;
});

describe('the reads many pages share', () => {
  it('are read once and answered to the next pages from what is kept', async () => {
    const kept = new KeptReads(new MemoryPageStore(1e6), 1e6, TTL, now);
    const { asked, read } = cms({ [CONTACT]: { data: [{ email: 'a@b.c' }] } });
    expect(await kept.read(CONTACT, read(CONTACT))).toEqual({ data: [{ email: 'a@b.c' }] });
    expect(await kept.read(CONTACT, read(CONTACT))).toEqual({ data: [{ email: 'a@b.c' }] });
    expect(asked).toEqual([CONTACT]);
  });

  it('give each page its own copy: a page that changes what it was given changes no other', async () => {
    const kept = new KeptReads(new MemoryPageStore(1e6), 1e6, TTL, now);
    const { read } = cms({ [TOPICS]: { data: [{ category: 'Cyber', count: 3 }] } });
    await kept.read(TOPICS, read(TOPICS));
    const first = (await kept.read(TOPICS, read(TOPICS))) as { data: { count: number }[] };
    first.data[0].count = 99;
    expect(await kept.read(TOPICS, read(TOPICS))).toEqual({ data: [{ category: 'Cyber', count: 3 }] });
  });

  it('never keep a page’s own read: an article is read for every page that shows it', async () => {
    const kept = new KeptReads(new MemoryPageStore(1e6), 1e6, TTL, now);
    const { asked, read } = cms({ [ARTICLE]: { data: [] } });
    await kept.read(ARTICLE, read(ARTICLE));
    await kept.read(ARTICLE, read(ARTICLE));
    expect(asked).toEqual([ARTICLE, ARTICLE]);
  });

  it('are dropped by a change of what they show, and by no other', async () => {
    const kept = new KeptReads(new MemoryPageStore(1e6), 1e6, TTL, now);
    const { asked, read, answers } = cms({ [CONTACT]: { data: ['before'] }, [POPULAR]: { data: ['five'] } });
    await kept.read(CONTACT, read(CONTACT));
    await kept.read(POPULAR, read(POPULAR));
    clock += 1_000;
    answers[CONTACT] = { data: ['after'] };
    kept.drop([TAG.contact], clock);
    kept.drop([TAG.comments('Munitions Math')], clock);
    expect(await kept.read(CONTACT, read(CONTACT))).toEqual({ data: ['after'] });
    await kept.read(POPULAR, read(POPULAR));
    expect(asked).toEqual([CONTACT, POPULAR, CONTACT]);

    // Approving a comment changes the counts most popular is ordered by.
    kept.drop(tagsOfChange({ event: 'entry.update', uid: 'api::comment.comment', article: 'Munitions Math' }), clock);
    await kept.read(POPULAR, read(POPULAR));
    expect(asked).toEqual([CONTACT, POPULAR, CONTACT, POPULAR]);
  });

  it('are not kept when what they show changed while they were read', async () => {
    const store = new MemoryPageStore(1e6);
    const kept = new KeptReads(store, 1e6, TTL, now);
    let answer: (value: unknown) => void = () => undefined;
    const slowRead = () => new Promise((resolve) => (answer = resolve));
    const reading = kept.read(POPULAR, slowRead);
    clock += 10;
    // The page cache records the change first; the kept reads are dropped after (`routes/revalidate.ts`).
    await store.invalidate(anArticlePublished, clock);
    kept.drop(anArticlePublished, clock);
    answer({ data: ['before the change'] });
    expect(await reading).toEqual({ data: ['before the change'] });
    // Long after, when the store no longer remembers that change (it forgets them after a minute).
    clock += 2 * 60_000;
    await store.invalidate([TAG.about], clock);

    const { asked, read } = cms({ [POPULAR]: { data: ['after the change'] } });
    expect(await kept.read(POPULAR, read(POPULAR))).toEqual({ data: ['after the change'] });
    expect(asked).toEqual([POPULAR]);
  });

  it('are not answered after a change another render server was told of, which the shared store records', async () => {
    const store = new MemoryPageStore(1e6);
    const kept = new KeptReads(store, 1e6, TTL, now);
    const { asked, read } = cms({ [TOPICS]: { data: [] } });
    await kept.read(TOPICS, read(TOPICS));
    clock += 10;
    await store.invalidate(anArticlePublished, clock);
    await kept.read(TOPICS, read(TOPICS));
    expect(asked).toEqual([TOPICS, TOPICS]);
  });

  it('are read again once as old as a kept page may be', async () => {
    const kept = new KeptReads(new MemoryPageStore(1e6), 1e6, TTL, now);
    const { asked, read } = cms({ [TOPICS]: { data: [] } });
    await kept.read(TOPICS, read(TOPICS));
    clock += TTL - 1;
    await kept.read(TOPICS, read(TOPICS));
    clock += 1;
    await kept.read(TOPICS, read(TOPICS));
    expect(asked).toEqual([TOPICS, TOPICS]);
  });

  it('take no more than their bound: the least recently used is read again', async () => {
    const answer = { data: ['x'.repeat(600)] };
    const kept = new KeptReads(new MemoryPageStore(1e6), 2_000, TTL, now);
    const { asked, read } = cms({ [CONTACT]: answer, [POPULAR]: answer, [TOPICS]: answer });
    for (const url of [CONTACT, POPULAR, TOPICS, CONTACT]) await kept.read(url, read(url));
    expect(asked).toEqual([CONTACT, POPULAR, TOPICS, CONTACT]);
  });

  it('are read once for the pages that ask while the answer is on its way, each given its own copy', async () => {
    const kept = new KeptReads(new MemoryPageStore(1e6), 1e6, TTL, now);
    let answer: (value: unknown) => void = () => undefined;
    let reads = 0;
    const slowRead = () => {
      reads += 1;
      return new Promise((resolve) => (answer = resolve));
    };
    const pages = Array.from({ length: 5 }, () => kept.read(POPULAR, slowRead));
    await new Promise((resolve) => setImmediate(resolve));
    answer({ data: [{ title: 'Munitions Math', comments: 3 }] });
    const answers = (await Promise.all(pages)) as { data: { comments: number }[] }[];
    expect(reads).toBe(1);
    expect(answers).toEqual(Array(5).fill({ data: [{ title: 'Munitions Math', comments: 3 }] }));
    answers[1].data[0].comments = 99;
    expect(answers[2].data[0].comments).toBe(3);
  });

  it('are read by each page that waited for a read that failed, or that a change made old', async () => {
    const store = new MemoryPageStore(1e6);
    const kept = new KeptReads(store, 1e6, TTL, now);
    let fail: (error: Error) => void = () => undefined;
    const first = kept.read(CONTACT, () => new Promise((_, reject) => (fail = reject)));
    const { asked, read } = cms({ [CONTACT]: { data: ['read again'] }, [POPULAR]: { data: ['after'] } });
    const waiting = kept.read(CONTACT, read(CONTACT));
    await new Promise((resolve) => setImmediate(resolve));
    fail(new Error('The reads took over 2000 ms'));
    await expect(first).rejects.toThrow('The reads took over 2000 ms');
    expect(await waiting).toEqual({ data: ['read again'] });

    let answer: (value: unknown) => void = () => undefined;
    const before = kept.read(POPULAR, () => new Promise((resolve) => (answer = resolve)));
    const after = kept.read(POPULAR, read(POPULAR));
    await new Promise((resolve) => setImmediate(resolve));
    clock += 10;
    await store.invalidate(anArticlePublished, clock);
    answer({ data: ['before'] });
    expect(await before).toEqual({ data: ['before'] });
    expect(await after).toEqual({ data: ['after'] });
    expect(asked).toEqual([CONTACT, POPULAR]);
  });

  it('are read from the CMS when the record of changes cannot be read, and not kept', async () => {
    const unreachable = { invalidatedSince: () => Promise.reject(new Error('Redis is away')) };
    const kept = new KeptReads(unreachable, 1e6, TTL, now);
    const { asked, read } = cms({ [CONTACT]: { data: [] } });
    await kept.read(CONTACT, read(CONTACT));
    await kept.read(CONTACT, read(CONTACT));
    expect(asked).toEqual([CONTACT, CONTACT]);
  });
});
