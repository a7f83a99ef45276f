import { groupByMonth, newsletterYears } from './newsletter';
import { anArticle } from './testing';

const on = (date: string) => anArticle({ title_article: date, date_of_the_article: date });

describe('newsletterYears', () => {
  it('lists each year that has articles once, latest first', () => {
    expect(newsletterYears([on('2023-05-01'), on('2025-01-01'), on('2023-11-30'), on('2024-12-31')])).toEqual([
      2025, 2024, 2023,
    ]);
  });

  it('is empty without articles', () => {
    expect(newsletterYears([])).toEqual([]);
  });
});

describe('groupByMonth', () => {
  const titles = (months: ReturnType<typeof groupByMonth>) =>
    months.map(({ month, abbreviation, entries }) => [month, abbreviation, entries.map(({ article, day }) => [day, article.title_article])]);

  it('groups one year by month, newest month and newest day first', () => {
    const articles = [
      on('2024-03-02'),
      on('2024-12-31'),
      on('2025-01-01'),
      on('2024-03-28'),
      on('2024-09-15'),
      on('2023-12-25'),
      on('2024-03-15'),
    ];
    expect(titles(groupByMonth(articles, 2024))).toEqual([
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

  it('keeps articles of the first and last day of a year in that year', () => {
    const articles = [on('2025-01-01'), on('2024-12-31')];
    expect(titles(groupByMonth(articles, 2025))).toEqual([['JANUARY', 'JAN', [[1, '2025-01-01']]]]);
  });

  it('is empty for a year without articles', () => {
    expect(groupByMonth([on('2024-03-02')], 2020)).toEqual([]);
  });
});
