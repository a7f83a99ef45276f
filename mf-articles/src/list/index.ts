export { ArticlesPage } from './ArticlesPage';
export { articlesPage } from './page';
