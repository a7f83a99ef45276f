export { AboutPage as default, aboutPage as page } from '../about';
