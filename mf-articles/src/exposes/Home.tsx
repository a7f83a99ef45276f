export { HomePage as default, homePage as page } from '../home';
