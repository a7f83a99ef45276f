export { ArticleDetail as default, articleDetailPage as page } from '../detail';
