export { ContactPage as default, contactPage as page } from '../contact';
