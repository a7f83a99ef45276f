export { MostPopular, Sidebar, SourceList, TopicList } from './Sidebar';
export { loadSidebar } from './reads';
