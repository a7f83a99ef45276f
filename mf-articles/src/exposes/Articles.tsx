export { ArticlesPage as default, articlesPage as page } from '../list';
