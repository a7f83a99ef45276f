import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::new-start-here.new-start-here', { only: ['find', 'findOne'] });
