export { ArticleDetail } from './ArticleDetail';
export { articleDetailPage, articleTitleOf, loadArticleDetail, loadedArticleHead } from './page';
