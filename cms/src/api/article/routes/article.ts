import { publicReadRouter } from '../../../lib/public-api/routes';

export default publicReadRouter('api::article.article');
