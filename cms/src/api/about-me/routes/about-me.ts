import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::about-me.about-me', { only: ['find', 'findOne'] });
