import { createQueryClient, queries } from '@blog/shared';
import { about, askedFor, contactDetails, stubCms } from '../testing/cms';
import { aboutPage } from './page';

const request = { pathname: '/About', searchParams: new URLSearchParams() };

afterEach(() => jest.restoreAllMocks());

describe('aboutPage.load', () => {
  it('loads the about entry and the contact details, which hold the social links', async () => {
    const fetch = stubCms({ 'about-mes': about, 'contact-details': contactDetails });
    const reads = createQueryClient();
    await aboutPage.load(request, reads);
    expect(askedFor(fetch).sort()).toEqual(['about-mes', 'contact-details']);
    expect(reads.getQueryData(queries.about().queryKey)).toEqual(about);
    expect(reads.getQueryData(queries.contactDetails().queryKey)).toEqual(contactDetails);
  });

  it('settles with empty reads when the CMS cannot be reached', async () => {
    stubCms({});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const reads = createQueryClient();
    await expect(aboutPage.load(request, reads)).resolves.toBeDefined();
    expect(reads.getQueryData(queries.about().queryKey)).toBeNull();
  });
});

describe('aboutPage.head', () => {
  const headFor = (entry: typeof about | null) => {
    const reads = createQueryClient();
    reads.setQueryData(queries.about().queryKey, entry);
    return aboutPage.head?.(request, reads);
  };

  it('is the title, the phrase and the photo, its address absolute', () => {
    expect(headFor(about)).toEqual({
      title: 'About the Author',
      description: 'Numbers before opinions.',
      image: { url: 'http://localhost:1337/uploads/author.jpg', width: 800, height: 1000, alt: 'The author at work' },
    });
  });

  it('keeps a photo the media host already gave an absolute address', () => {
    const photo = { ...about.photo!, url: 'https://media.example.com/author.jpg' };
    expect(headFor({ ...about, photo })?.image?.url).toBe('https://media.example.com/author.jpg');
  });

  it('is called About, with no description or image, when the CMS has nothing', () => {
    expect(headFor(null)).toEqual({ title: 'About' });
    expect(headFor({ ...about, title: '', phrase: null, photo: null })).toEqual({ title: 'About' });
  });
});
