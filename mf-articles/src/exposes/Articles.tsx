/** Routed by the shell at /Articles: `?title=` opens one article, navigation state `searchTerm` presets the search. */
export { ArticlesPage as default } from '../components/ArticlesPage';
