import { factories } from '@strapi/strapi';
import { publicRead, publicWrite } from '../../../lib/public-api/routes';

// No delete: nobody without admin rights removes a comment.
export default factories.createCoreRouter('api::comment.comment', {
  only: ['find', 'findOne', 'create', 'update'],
  config: { find: publicRead(), findOne: publicRead(), create: publicWrite(), update: publicWrite() },
});
