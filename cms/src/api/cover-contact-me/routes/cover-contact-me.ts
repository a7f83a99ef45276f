import { publicReadRouter } from '../../../lib/public-api/routes';

export default publicReadRouter('api::cover-contact-me.cover-contact-me');
