import { SectionLoaderContext, type SectionLoader } from '@blog/shared/federation';
import { TestReads } from '@blog/shared/testing/reads';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { NewsletterPage } from './NewsletterPage';
import { articlesDown, articlesSection, serveCms, type FakeCms } from './testing';

function Address() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{decodeURIComponent(pathname + search)}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** The archive at `address`, reached from another page of the site. */
function renderAt(address = '/New-letter', articles: SectionLoader = articlesSection()) {
  return render(
    <SectionLoaderContext.Provider value={articles}>
      <TestReads>
        <MemoryRouter initialEntries={['/Home', address]}>
          <Routes>
            <Route path="/New-letter" element={<NewsletterPage />} />
            <Route path="*" element={<p>Another page</p>} />
          </Routes>
          <Address />
        </MemoryRouter>
      </TestReads>
    </SectionLoaderContext.Provider>,
  );
}

const address = () => screen.getByRole('status', { name: 'Address' });
const yearSelector = () => screen.findByRole('combobox', { name: 'Year' });
const monthHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const rowsOf = (month: string) =>
  within(screen.getByRole('region', { name: month }))
    .getAllByRole('link')
    .map((link) => link.textContent);

let cms: FakeCms;

beforeEach(() => {
  cms = serveCms();
});

describe('the newsletter archive', () => {
  it('shows the banner from the CMS and an inert sign-up box', async () => {
    renderAt();
    expect(await screen.findByRole('heading', { level: 1, name: 'The Ferrer Brief' })).toBeInTheDocument();
    expect(screen.getByText('Defense and business analysis, delivered once a month')).toBeInTheDocument();
    expect(screen.getByText('Join readers who get each new analysis first.')).toBeInTheDocument();

    expect(screen.getByText('YOUR EMAIL ADDRESS')).toBeInTheDocument();
    expect(screen.getByText('SING UP').closest('button, a, input, form')).toBeNull();
  });

  it('selects the latest year by default and lists its months newest first, in capitals', async () => {
    renderAt();
    expect(await yearSelector()).toHaveValue('2025');
    expect(
      within(await yearSelector())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2025', '2024']);
    await waitFor(() => expect(monthHeadings()).toEqual(['JUNE', 'MARCH', 'JANUARY']));
    expect(cms.yearsRead()).toEqual([2025]);
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
    expect(cms.yearsRead()).toEqual([2025, 2024]);

    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(await yearSelector()).toHaveValue('2025');
    await screen.findByRole('region', { name: 'JUNE' });
  });

  it('shows the year asked for last, whatever the order of the answers', async () => {
    cms.hold('archive-years/2025');
    cms.hold('archive-years/2024');
    renderAt();
    await userEvent.selectOptions(await yearSelector(), '2024');
    cms.release('archive-years/2024');
    await waitFor(() => expect(monthHeadings()).toEqual(['NOVEMBER', 'FEBRUARY']));
    cms.release('archive-years/2025');
    // A macrotask: every promise of the late answer has settled.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(monthHeadings()).toEqual(['NOVEMBER', 'FEBRUARY']);
  });

  it('marks the archive busy while a year loads', async () => {
    cms.hold('archive-years/2025');
    renderAt();
    await yearSelector();
    expect(screen.getByRole('region', { name: 'NewsLetters by date' })).toHaveAttribute('aria-busy', 'true');
  });

  it('opens the year the address names, asking for it alongside the years', async () => {
    cms.hold('archive-years');
    renderAt('/New-letter?year=2024');
    await waitFor(() => expect(cms.paths()).toContain('archive-years/2024'));
    cms.release('archive-years');
    expect(await yearSelector()).toHaveValue('2024');
    await screen.findByRole('region', { name: 'NOVEMBER' });
    expect(rowsOf('NOVEMBER')).toEqual(['NOV 4 Older Year→']);
    expect(cms.yearsRead()).toEqual([2024]);
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
    // The page's reads kept the archive while the article was open: it was not read again.
    expect(cms.paths().filter((path) => path === 'archive-years')).toHaveLength(1);
    expect(cms.yearsRead()).toEqual([2024]);
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
    expect(cms.paths()).toEqual([]);
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
    expect(cms.paths()).toEqual([]);
  });

  it('shows the archive when the address names an article it does not have', async () => {
    renderAt('/New-letter?year=2025&title=Gone');
    expect(await yearSelector()).toHaveValue('2025');
    expect(screen.queryByRole('region', { name: 'mf_articles/ArticleDetail' })).not.toBeInTheDocument();
    await screen.findByRole('region', { name: 'JUNE' });
  });

  it('shows a fallback when mf-articles is down, and the archive keeps working', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/New-letter?year=2025', articlesDown);
    await userEvent.click(await screen.findByRole('link', { name: /Late March/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The Article section is unavailable right now.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await userEvent.selectOptions(await yearSelector(), '2024');
    await screen.findByRole('region', { name: 'NOVEMBER' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('stays empty, without crashing, when the CMS cannot be reached', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serveCms('down');
    renderAt();
    const archive = screen.getByRole('region', { name: 'NewsLetters by date' });
    await waitFor(() => expect(archive).toHaveAttribute('aria-busy', 'false'));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Year' })).not.toBeInTheDocument();
    expect(within(archive).queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('SING UP')).toBeInTheDocument();
    expect(logged.mock.calls.map(([message]: unknown[]) => message)).toEqual(
      expect.arrayContaining(['Failed to load news-letters', 'Failed to load archive-years']),
    );
    logged.mockRestore();
  });
});
