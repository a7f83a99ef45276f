import type { MostPopularEntry, Source } from '@blog/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPhoto } from '@blog/shared/testing';
import { stubCms, type StandInCms } from '../testing/cms';
import { renderInRouter } from '../testing/render';
import { MostPopular, Sidebar, SourceList, TopicList } from './Sidebar';

let cms: StandInCms;

beforeEach(() => {
  cms = stubCms();
});

const sources: Source[] = [
  { id: 1, text: 'Congressional Research Service, [crsreports.congress.gov](https://crsreports.congress.gov)' },
  { id: 2, text: 'SIPRI yearbook' },
];

/** The sidebar as an article shows it: a MOST POPULAR click goes to the host. */
function renderSidebar() {
  const onOpen = jest.fn();
  const view = renderInRouter(
    <Sidebar>
      <MostPopular onOpen={onOpen} />
      <SourceList sources={sources} />
      <TopicList />
    </Sidebar>,
  );
  return { ...view, onOpen };
}

const popular = ['Six', 'Five', 'Four', 'Three', 'Two'].map((title, index): MostPopularEntry => ({
  documentId: `popular-${title}`,
  title_article: title,
  date_of_the_article: `2024-0${index + 1}-01`,
  comments: 10 - index,
  photo: null,
}));

describe('the sidebar', () => {
  it('lists the most commented articles as the CMS counts them, and opens one through the host', async () => {
    cms.mostPopular.mockResolvedValue(popular);
    const { onOpen } = renderSidebar();
    const region = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await waitFor(() => expect(within(region).getAllByRole('link')).toHaveLength(5));
    expect(
      within(region)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Six', 'Five', 'Four', 'Three', 'Two']);
    expect(within(region).getByRole('link', { name: 'Four' })).toHaveAttribute('href', '/Articles?title=Four');
    expect(within(region).getByText('FEB 1, 2024')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('link', { name: 'Four' }));
    expect(onOpen).toHaveBeenCalledWith(popular[2]);
  });

  it('shows each most popular article’s photo beside its title, or the photo’s place', async () => {
    cms.mostPopular.mockResolvedValue([{ ...popular[0], photo: aPhoto('six') }, popular[1]]);
    renderSidebar();
    const region = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await within(region).findByRole('link', { name: 'Six' });
    const [withPhoto, without] = within(region).getAllByRole('listitem');
    const photo = within(withPhoto).getByRole('presentation');
    expect(photo).toHaveAttribute('src', 'http://localhost:1337/uploads/six.jpg');
    // Below the fold on a phone, and never the page's largest image.
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(within(without).queryByRole('presentation')).toBeNull();
    expect(within(without).getByText('Five').closest('li')?.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('numbers the sources and keeps their links', () => {
    renderSidebar();
    const region = screen.getByRole('region', { name: 'SOURCES' });
    const items = within(region).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Congressional Research Service, crsreports.congress.gov',
      'SIPRI yearbook',
    ]);
    expect(items[0].closest('ol')).not.toBeNull();
    expect(within(region).getByRole('link', { name: 'crsreports.congress.gov' })).toHaveAttribute(
      'href',
      'https://crsreports.congress.gov',
    );
  });

  it('shows no sources when the article has none', () => {
    renderInRouter(<SourceList sources={[]} />);
    expect(screen.queryByRole('region', { name: 'SOURCES' })).not.toBeInTheDocument();
  });

  it('shows each topic with its count as the CMS counts them, and leads to the list searched for it', async () => {
    cms.topicCounts.mockResolvedValue([
      { category: 'Cyber', count: 6 },
      { category: 'Markets', count: 5 },
      { category: 'Space', count: 1 },
    ]);
    const { location } = renderSidebar();
    const topicsSection = screen.getByRole('region', { name: 'TOPICS' });
    await within(topicsSection).findByRole('link', { name: 'Cyber (6)' });
    expect(
      within(topicsSection)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Cyber (6)', 'Markets (5)', 'Space (1)']);
    await userEvent.click(within(topicsSection).getByRole('link', { name: 'Markets (5)' }));
    expect(location()).toMatchObject({ pathname: '/Articles', state: { searchTerm: 'Markets' } });
  });

  it('shows the most popular and the topics alike on every page, marked as parts the server refreshes apart', async () => {
    cms.mostPopular.mockResolvedValue(popular);
    cms.topicCounts.mockResolvedValue([{ category: 'Cyber', count: 6 }]);
    renderSidebar();
    // As Home shows them: no sources between.
    renderInRouter(
      <Sidebar>
        <MostPopular onOpen={jest.fn()} />
        <TopicList />
      </Sidebar>,
    );
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Six' })).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Cyber (6)' })).toHaveLength(2));
    for (const [name, part] of [
      ['MOST POPULAR ARTICLES', 'most-popular'],
      ['TOPICS', 'topics'],
    ]) {
      const [inArticle, onHome] = screen.getAllByRole('region', { name });
      expect(inArticle.outerHTML).toBe(onHome.outerHTML);
      expect(inArticle).toHaveAttribute('data-shared-part', part);
    }
  });

  it('keeps its place while the data loads', () => {
    cms.mostPopular.mockReturnValue(new Promise(() => undefined));
    cms.topicCounts.mockReturnValue(new Promise(() => undefined));
    renderSidebar();
    const region = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(within(region).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('region', { name: 'TOPICS' })).toHaveAttribute('aria-busy', 'true');
  });

  it('stays empty when the CMS cannot be reached', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    cms.mostPopular.mockRejectedValue(new Error('CMS down'));
    cms.topicCounts.mockRejectedValue(new Error('CMS down'));
    renderSidebar();
    const region = screen.getByRole('region', { name: 'MOST POPULAR ARTICLES' });
    await waitFor(() => expect(region).toHaveAttribute('aria-busy', 'false'));
    expect(within(region).queryAllByRole('link')).toEqual([]);
    await waitFor(() => expect(screen.getByRole('region', { name: 'TOPICS' })).toHaveAttribute('aria-busy', 'false'));
    expect(logged).toHaveBeenCalledWith('Failed to load most-popular-articles', expect.any(Error));
    logged.mockRestore();
  });
});
