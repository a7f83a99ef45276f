/** One article by its title, for Home, Articles and the Newsletter section (which loads it at run time). */
export { ArticleDetail as default } from '../components/ArticleDetail';
