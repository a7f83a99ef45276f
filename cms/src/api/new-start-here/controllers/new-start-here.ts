import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::new-start-here.new-start-here');
