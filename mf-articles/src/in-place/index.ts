export { ListOrArticle } from './ListOrArticle';
export { listOrArticleHead, loadListOrArticle } from './page';
export { useOpenArticle, type OpenedArticle } from './useOpenArticle';
