export { NewsletterPage as default, newsletterPage as page } from '../newsletter';
