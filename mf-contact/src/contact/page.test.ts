/** @jest-environment node */
import { createQueryClient, queries } from '@blog/shared';
import { COVER, PLACED, askedFor, stubServices } from '../testing/cms';
import { pageRequest } from '@blog/shared/testing/server';
import { bundledPrefixes, bundledPrefixesQuery } from '../form/prefixes';
import { contactPage } from './page';

const request = pageRequest('/Contact');

afterEach(() => jest.restoreAllMocks());

describe('the contact page’s load', () => {
  it('loads the contact details, the cover for contact and the bundled dialling prefixes, and nothing else', async () => {
    const fetched = stubServices({ cms: { 'contact-details': PLACED, 'cover-contact-mes': COVER } });
    const reads = createQueryClient();
    await contactPage.load(request, reads);
    expect(askedFor(fetched).sort()).toEqual(['contact-details', 'cover-contact-mes']);
    expect(reads.getQueryData(queries.contactDetails().queryKey)).toEqual(PLACED);
    expect(reads.getQueryData(queries.coverContact().queryKey)).toEqual(COVER);
    expect(reads.getQueryData(bundledPrefixesQuery().queryKey)).toEqual(await bundledPrefixes());
  });

  it('settles with empty reads when the CMS is down', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServices({});
    const reads = createQueryClient();
    await expect(contactPage.load(request, reads)).resolves.toBeDefined();
    expect(reads.getQueryData(queries.contactDetails().queryKey)).toBeNull();
    expect(reads.getQueryData(queries.coverContact().queryKey)).toBeNull();
  });
});

describe('the contact page’s head', () => {
  const headWith = (cover: typeof COVER | null) => {
    const reads = createQueryClient();
    reads.setQueryData(queries.coverContact().queryKey, cover);
    return contactPage.head?.(request, reads);
  };

  it('is titled Contact and described by the cover’s intro', () => {
    expect(headWith(COVER)).toEqual({ title: 'Contact', description: 'I read every message that arrives here.' });
  });

  it('cuts a long intro for search engines, on one line', () => {
    const intro = `Questions about an article,\nspeaking invitations. ${'More words here. '.repeat(20)}`;
    const { description } = headWith({ ...COVER, intro }) ?? {};
    expect(description).toMatch(/^Questions about an article, speaking invitations\. More words/);
    expect(description).toMatch(/…$/);
    expect(Array.from(description ?? '').length).toBeLessThanOrEqual(160);
  });

  it.each([
    ['no cover', null],
    ['a cover without intro', { ...COVER, intro: null }],
    ['a blank intro', { ...COVER, intro: '  ' }],
  ])('is titled Contact with no description for %s', (_case, cover) => {
    expect(headWith(cover)).toEqual({ title: 'Contact', description: undefined });
  });
});
