import { factories } from '@strapi/strapi';

// No delete: nobody without admin rights removes a comment.
export default factories.createCoreRouter('api::comment.comment', {
  only: ['find', 'findOne', 'create', 'update'],
});
