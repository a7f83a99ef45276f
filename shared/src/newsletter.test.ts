import { groupByMonth } from './newsletter';
import type { ArchiveEntry } from './types';

// As the CMS answers a year of the archive: newest first.
const on = (date: string): ArchiveEntry => ({ documentId: date, title_article: date, date_of_the_article: date });

describe('groupByMonth', () => {
  const titles = (months: ReturnType<typeof groupByMonth>) =>
    months.map(({ month, abbreviation, entries }) => [
      month,
      abbreviation,
      entries.map(({ article, day }) => [day, article.title_article]),
    ]);

  it('groups a year by month, in the order of its articles, with the month in capitals and its abbreviation', () => {
    const year = ['2024-12-31', '2024-09-15', '2024-03-28', '2024-03-15', '2024-03-02'].map(on);
    expect(titles(groupByMonth(year))).toEqual([
      ['DECEMBER', 'DEC', [[31, '2024-12-31']]],
      ['SEPTEMBER', 'SEP', [[15, '2024-09-15']]],
      [
        'MARCH',
        'MAR',
        [
          [28, '2024-03-28'],
          [15, '2024-03-15'],
          [2, '2024-03-02'],
        ],
      ],
    ]);
  });

  it('reads the day as written, whatever the time zone: the first and last days stay in their month', () => {
    expect(titles(groupByMonth([on('2025-01-31'), on('2025-01-01')]))).toEqual([
      [
        'JANUARY',
        'JAN',
        [
          [31, '2025-01-31'],
          [1, '2025-01-01'],
        ],
      ],
    ]);
  });

  it('leaves out an entry without a readable date', () => {
    expect(titles(groupByMonth([on('2024-03-02'), on('soon')]))).toEqual([['MARCH', 'MAR', [[2, '2024-03-02']]]]);
  });

  it('is empty for a year without articles', () => {
    expect(groupByMonth([])).toEqual([]);
  });
});
