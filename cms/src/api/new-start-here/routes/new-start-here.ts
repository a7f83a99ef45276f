import { publicReadRouter } from '../../../lib/public-api/routes';

export default publicReadRouter('api::new-start-here.new-start-here');
