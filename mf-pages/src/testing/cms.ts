// A stand-in CMS for this section's tests: entries shaped as the CMS answers them, and a `fetch`
// that answers them the way the shared client asks for them.
import type { About, ContactDetails, StartHere } from '@blog/shared';
import { forgetSharedReads } from '@blog/shared/testing';

export const about: About = {
  id: 1,
  documentId: 'about',
  title: 'About the Author',
  phrase: 'Numbers before opinions.',
  description: 'First paragraph, with [a source](https://example.com/source).\n\nSecond paragraph, in **bold**.',
  photo: {
    id: 7,
    url: '/uploads/author.jpg',
    width: 800,
    height: 1000,
    alternativeText: 'The author at work',
    formats: { small: { url: '/uploads/small_author.jpg', width: 400, height: 500 } },
  },
};

export const contactDetails = {
  id: 1,
  documentId: 'contact',
  Facebook_url: 'https://facebook.com/author',
  x_url: 'javascript:alert(1)',
  linkedin_url: 'https://linkedin.com/in/author',
  instagram_url: null,
} as ContactDetails;

export const startHere: StartHere = {
  id: 1,
  documentId: 'start-here',
  title: 'New here?',
  photo: { id: 3, url: '/uploads/start.jpg', width: 1200, height: 675, alternativeText: 'A harbour at dawn' },
  photo_by: 'Photo by Ana Ruiz',
  text: '## Where to begin\nRead the **budget** guide first.\n\n> Good analysis tells you what would change its mind.\nSee [SIPRI](https://www.sipri.org) and [this](javascript:alert(1)).',
};

const collectionOf = (url: string) => new URL(url).pathname.replace(/^\/api\//, '');

/** What each collection holds; a collection left out answers 404, as a CMS that is down would fail. */
export type Collections = Partial<Record<'about-mes' | 'contact-details' | 'new-start-heres', object>>;

/**
 * Replaces `fetch` with a CMS holding `collections`, and forgets the answers the shared client
 * keeps for a few seconds, so each test reads its own CMS. Returns the stub, to see what was asked.
 */
export function stubCms(collections: Collections): jest.Mock<Promise<Response>, [string]> {
  forgetSharedReads();
  const answerFor = (url: string): Response => {
    const entry = collections[collectionOf(url) as keyof Collections];
    if (entry === undefined) return { ok: false, status: 404, json: () => Promise.resolve({}) } as Response;
    return { ok: true, status: 200, json: () => Promise.resolve({ data: [entry] }) } as Response;
  };
  const stub = jest.fn((url: string) => Promise.resolve(answerFor(url)));
  globalThis.fetch = stub as typeof fetch;
  return stub;
}

/** The collections a stub was asked for, in order. */
export const askedFor = (stub: jest.Mock<Promise<Response>, [string]>): string[] =>
  stub.mock.calls.map(([url]) => collectionOf(url));
