export { HomePage } from './HomePage';
export { homePage } from './page';
