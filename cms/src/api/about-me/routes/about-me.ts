import { publicReadRouter } from '../../../lib/public-api/routes';

export default publicReadRouter('api::about-me.about-me');
