export { AboutPage } from './AboutPage';
export { aboutPage } from './page';
