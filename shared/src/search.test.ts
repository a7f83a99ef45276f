import { searchArticles } from './search';
import { anArticle, topics } from './testing';

const drones = anArticle({ title_article: 'Drone swarms over the Black Sea', topics: topics('Technology') });
const budget = anArticle({ title_article: 'The 2025 defense budget', topics: topics('Economy', 'Policy') });
const supply = anArticle({ title_article: 'Ammunition supply chains', topics: topics('Industry', 'Economy') });
const all = [drones, budget, supply];

describe('searchArticles', () => {
  it('finds articles by a word of the title, whatever its case', () => {
    expect(searchArticles(all, 'DRONE')).toEqual([drones]);
    expect(searchArticles(all, 'budget')).toEqual([budget]);
  });

  it('finds articles by any of their topics', () => {
    expect(searchArticles(all, 'economy')).toEqual([budget, supply]);
    expect(searchArticles(all, 'poli')).toEqual([budget]);
  });

  it('ignores spaces around the term', () => {
    expect(searchArticles(all, '  Industry ')).toEqual([supply]);
  });

  it('keeps every article for an empty or blank term', () => {
    expect(searchArticles(all, '')).toEqual(all);
    expect(searchArticles(all, '   ')).toEqual(all);
  });

  it('finds nothing when neither title nor topic matches', () => {
    expect(searchArticles(all, 'submarine')).toEqual([]);
  });
});
