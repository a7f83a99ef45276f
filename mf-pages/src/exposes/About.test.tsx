import { fetchAbout, fetchContactDetails, type About as AboutEntry, type ContactDetails } from '@blog/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import About from './About';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual('@blog/shared'),
  fetchAbout: jest.fn(),
  fetchContactDetails: jest.fn(),
}));

const about: AboutEntry = {
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

const contact = {
  Facebook_url: 'https://facebook.com/author',
  x_url: 'javascript:alert(1)',
  linkedin_url: 'https://linkedin.com/in/author',
  instagram_url: null,
} as ContactDetails;

beforeEach(() => {
  jest.mocked(fetchAbout).mockResolvedValue(about);
  jest.mocked(fetchContactDetails).mockResolvedValue(contact);
});

describe('About', () => {
  it('shows the title, the phrase and the description as the CMS holds them', async () => {
    render(<About />);
    expect(await screen.findByRole('heading', { level: 1, name: 'About the Author' })).toBeInTheDocument();
    expect(screen.getByText('Numbers before opinions.')).toBeInTheDocument();
    expect(screen.getByText(/^First paragraph/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'a source' })).toHaveAttribute('href', 'https://example.com/source');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('bold').closest('p')).toHaveTextContent(/^Second paragraph, in bold\.$/);
  });

  it('shows the photo from the media host at its own size, with its description', async () => {
    render(<About />);
    const photo = await screen.findByRole('img', { name: 'The author at work' });
    expect(photo).toHaveAttribute('src', 'http://localhost:1337/uploads/author.jpg');
    expect(photo).toHaveAttribute('width', '800');
    expect(photo).toHaveAttribute('height', '1000');
    expect(photo.getAttribute('srcset')).toContain('http://localhost:1337/uploads/small_author.jpg 400w');
  });

  it('links the author’s profiles from the contact details, leaving out unsafe ones', async () => {
    render(<About />);
    await screen.findByRole('link', { name: 'Facebook' });
    const profiles = within(screen.getByRole('list')).getAllByRole('link');
    expect(profiles.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Facebook', 'https://facebook.com/author'],
      ['LinkedIn', 'https://linkedin.com/in/author'],
    ]);
    expect(profiles[0]).toHaveAttribute('target', '_blank');
  });

  it('stays empty, without crashing, when the CMS cannot be reached', async () => {
    jest.mocked(fetchAbout).mockResolvedValue(null);
    jest.mocked(fetchContactDetails).mockResolvedValue(null);
    render(<About />);
    const page = screen.getByRole('article');
    await waitFor(() => expect(page).toHaveAttribute('aria-busy', 'false'));
    expect(page).toHaveTextContent(/^$/);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
