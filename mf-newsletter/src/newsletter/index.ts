export { NewsletterPage } from './NewsletterPage';
export { newsletterPage } from './page';
