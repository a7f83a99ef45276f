import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::new-start-here.new-start-here');
