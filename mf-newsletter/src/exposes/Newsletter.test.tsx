import {
  fetchArchiveYear,
  fetchArchiveYears,
  fetchNewsletter,
  ROUTER_FUTURE,
  type ArchiveEntry,
  type ArticleDetailProps,
  type Newsletter as NewsletterEntry,
} from '@blog/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import Newsletter from './Newsletter';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual('@blog/shared'),
  fetchArchiveYears: jest.fn(),
  fetchArchiveYear: jest.fn(),
  fetchNewsletter: jest.fn(),
}));

const loadYears = jest.mocked(fetchArchiveYears);
const loadYear = jest.mocked(fetchArchiveYear);

function article(title: string, date: string): ArchiveEntry {
  return { documentId: title, title_article: title, date_of_the_article: date };
}

const mostPopular = article('Most Popular Piece', '2024-02-01');

/** What mf-articles has under each title: the detail reads the article itself, by its title. */
const PUBLISHED = new Set<string>();

/** Jest cannot load another section: a stand-in for mf-articles' detail honours the same props contract. */
function ArticleDetailStandIn({ title, onBack, onOpenArticle, onMissing }: ArticleDetailProps) {
  const found = PUBLISHED.has(title);
  useEffect(() => {
    if (!found) onMissing();
  }, [found, onMissing]);
  if (!found) return null;
  return (
    <>
      <button type="button" onClick={onBack}>
        ← Back to Articles
      </button>
      <h1>{title}</h1>
      <button type="button" onClick={() => onOpenArticle(mostPopular)}>
        {mostPopular.title_article}
      </button>
    </>
  );
}

jest.mock('@blog/shared/federation', () => ({
  RemoteSection: ({ id, props }: { id: string; props: ArticleDetailProps }) => (
    <section aria-label={id}>
      <ArticleDetailStandIn {...props} />
    </section>
  ),
}));

const newsletter = {
  id: 1,
  documentId: 'newsletter',
  title: 'The Brief',
  sub_title: 'Once a month',
  invitation_message_to_join: 'Join the readers.',
} as NewsletterEntry;

// The archive as the CMS answers it: each year newest first.
const ARCHIVE: Record<number, ArchiveEntry[]> = {
  2025: [
    article('June Piece', '2025-06-09'),
    article('Late March', '2025-03-28'),
    article('Early March', '2025-03-02'),
    article('January Piece', '2025-01-20'),
  ],
  2024: [article('Older Year', '2024-11-04'), mostPopular],
};


function Address() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{decodeURIComponent(pathname + search)}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** The archive at `address`, reached from another page of the site. */
function renderAt(address = '/New-letter') {
  return render(
    <MemoryRouter initialEntries={['/Home', address]} future={ROUTER_FUTURE}>
      <Routes>
        <Route path="/New-letter" element={<Newsletter />} />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' });
const yearSelector = () => screen.findByRole('combobox', { name: 'Year' });
const monthHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const rowsOf = (month: string) =>
  within(screen.getByRole('region', { name: month }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(fetchNewsletter).mockResolvedValue(newsletter);
  loadYears.mockResolvedValue([2025, 2024]);
  loadYear.mockImplementation(async (year) => ARCHIVE[year] ?? []);
  for (const entry of Object.values(ARCHIVE).flat()) PUBLISHED.add(entry.title_article);
});

describe('the newsletter archive', () => {
  it('shows the banner from the CMS and an inert sign-up box', async () => {
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'The Brief' })).toBeInTheDocument();
    expect(screen.getByText('Once a month')).toBeInTheDocument();
    expect(screen.getByText('Join the readers.')).toBeInTheDocument();

    expect(screen.getByText('YOUR EMAIL ADDRESS')).toBeInTheDocument();
    expect(screen.getByText('SING UP').closest('button, a, input, form')).toBeNull();
  });

  it('selects the latest year by default and lists its months newest first, in capitals', async () => {
    renderAt();
    expect(await yearSelector()).toHaveValue('2025');
    expect(within(await yearSelector()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '2025',
      '2024',
    ]);
    await waitFor(() => expect(monthHeadings()).toEqual(['JUNE', 'MARCH', 'JANUARY']));
    expect(loadYear.mock.calls).toEqual([[2025]]);
  });

  it('shows each article of a month newest day first, with the month’s abbreviation, the day and the title', async () => {
    renderAt();
    await screen.findByRole('region', { name: 'MARCH' });
    expect(rowsOf('MARCH')).toEqual(['MAR 28 Late March→', 'MAR 2 Early March→']);
    expect(screen.getByRole('link', { name: 'MAR 28 Late March' })).toBeInTheDocument();
  });

  it('switches to another year, reading that year only, and keeps it in the address', async () => {
    renderAt();
    await screen.findByRole('region', { name: 'JUNE' });
    await userEvent.selectOptions(await yearSelector(), '2024');
    await waitFor(() => expect(monthHeadings()).toEqual(['NOVEMBER', 'FEBRUARY']));
    expect(screen.queryByText('June Piece')).not.toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/New-letter\?year=2024$/);
    expect(loadYear.mock.calls).toEqual([[2025], [2024]]);

    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await yearSelector()).toHaveValue('2025');
    await screen.findByRole('region', { name: 'JUNE' });
  });

  it('shows the year asked for last, whatever the order of the answers', async () => {
    const answers: Record<number, (entries: ArchiveEntry[]) => void> = {};
    loadYear.mockImplementation((year) => new Promise((resolve) => (answers[year] = resolve)));
    renderAt();
    await userEvent.selectOptions(await yearSelector(), '2024');
    await act(async () => answers[2024](ARCHIVE[2024]));
    await act(async () => answers[2025](ARCHIVE[2025]));
    expect(monthHeadings()).toEqual(['NOVEMBER', 'FEBRUARY']);
  });

  it('marks the archive busy while a year loads', async () => {
    loadYear.mockReturnValue(new Promise(() => undefined));
    renderAt();
    await yearSelector();
    expect(screen.getByRole('region', { name: 'NewsLetters by date' })).toHaveAttribute('aria-busy', 'true');
  });

  it('opens the year the address names, asking for it alongside the years', async () => {
    renderAt('/New-letter?year=2024');
    expect(await yearSelector()).toHaveValue('2024');
    await screen.findByRole('region', { name: 'NOVEMBER' });
    expect(rowsOf('NOVEMBER')).toEqual(['NOV 4 Older Year→']);
    expect(loadYear.mock.calls).toEqual([[2024]]);
  });

  it('falls back to the latest year when the address names a year without articles', async () => {
    renderAt('/New-letter?year=1999');
    expect(await yearSelector()).toHaveValue('2025');
    await screen.findByRole('region', { name: 'JUNE' });
  });

  it('opens an article in the detail of mf-articles and comes back to the same year, on its row', async () => {
    renderAt('/New-letter?year=2024');
    await userEvent.click(await screen.findByRole('link', { name: /Older Year/ }));

    expect(screen.getByRole('region', { name: 'mf_articles/ArticleDetail' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Older Year' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'NewsLetters by date' })).not.toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/New-letter\?year=2024&title=Older Year$/);

    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(await yearSelector()).toHaveValue('2024');
    expect(address()).toHaveTextContent(/^\/New-letter\?year=2024$/);
    expect(screen.getByRole('link', { name: /Older Year/ })).toHaveFocus();
    // The archive was kept while the article was open, not read again.
    expect(loadYears).toHaveBeenCalledTimes(1);
    expect(loadYear).toHaveBeenCalledTimes(1);
  });

  it('opens a most popular article in the same view, and Back steps over both articles to the archive', async () => {
    renderAt('/New-letter?year=2025');
    await userEvent.click(await screen.findByRole('link', { name: /June Piece/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Most Popular Piece' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Most Popular Piece' })).toBeInTheDocument();
    expect(address()).toHaveTextContent(/^\/New-letter\?year=2025&title=Most Popular Piece$/);

    await userEvent.click(screen.getByRole('button', { name: '← Back to Articles' }));
    expect(await yearSelector()).toHaveValue('2025');
    expect(address()).toHaveTextContent(/^\/New-letter\?year=2025$/);
    // The archive's own history entry: one more step back leaves the archive.
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByText('Another page')).toBeInTheDocument();
  });

  it('leads Back from an article reached by its address to the archive at the address’s year', async () => {
    renderAt('/New-letter?year=2024&title=Older%20Year');
    const back = await screen.findByRole('button', { name: '← Back to Articles' });
    // Nothing of the archive was read for the article alone.
    expect(loadYears).not.toHaveBeenCalled();
    expect(fetchNewsletter).not.toHaveBeenCalled();
    await userEvent.click(back);
    expect(await yearSelector()).toHaveValue('2024');
    expect(address()).toHaveTextContent(/^\/New-letter\?year=2024$/);
  });

  it('goes back from an article to the archive with the browser’s back button', async () => {
    renderAt('/New-letter?year=2024');
    await userEvent.click(await screen.findByRole('link', { name: /Older Year/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await yearSelector()).toHaveValue('2024');
    expect(screen.queryByRole('region', { name: 'mf_articles/ArticleDetail' })).not.toBeInTheDocument();
  });

  it('opens the article an address names, reading nothing of the archive for it', async () => {
    renderAt('/New-letter?year=2025&title=Late%20March');
    expect(await screen.findByRole('heading', { level: 1, name: 'Late March' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'NewsLetters by date' })).not.toBeInTheDocument();
    expect(loadYears).not.toHaveBeenCalled();
    expect(loadYear).not.toHaveBeenCalled();
  });

  it('shows the archive when the address names an article it does not have', async () => {
    renderAt('/New-letter?year=2025&title=Gone');
    expect(await yearSelector()).toHaveValue('2025');
    expect(screen.queryByRole('region', { name: 'mf_articles/ArticleDetail' })).not.toBeInTheDocument();
    await screen.findByRole('region', { name: 'JUNE' });
  });

  it('stays empty, without crashing, when the CMS cannot be reached', async () => {
    jest.mocked(fetchNewsletter).mockResolvedValue(null);
    loadYears.mockResolvedValue([]);
    renderAt();
    const archive = screen.getByRole('region', { name: 'NewsLetters by date' });
    await waitFor(() => expect(archive).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Year' })).not.toBeInTheDocument();
    expect(within(archive).queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('SING UP')).toBeInTheDocument();
  });
});

