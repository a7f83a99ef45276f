export { ContactPage } from './ContactPage';
export { contactPage } from './page';
