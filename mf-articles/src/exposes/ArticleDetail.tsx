/** One article, for Home, Articles and the Newsletter section (which loads it at run time). */
export { ArticleDetail as default, type ArticleDetailProps } from '../components/ArticleDetail';
