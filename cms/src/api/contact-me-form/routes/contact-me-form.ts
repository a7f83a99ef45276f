import { factories } from '@strapi/strapi';
import { publicWrite } from '../../../lib/public-api/routes';

// Messages are written by the public and read only in the admin panel: no REST read route exists.
export default factories.createCoreRouter('api::contact-me-form.contact-me-form', {
  only: ['create'],
  config: { create: publicWrite() },
});
