import { publicReadRouter } from '../../../lib/public-api/routes';

export default publicReadRouter('api::news-letter.news-letter');
