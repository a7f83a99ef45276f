import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::contact-detail.contact-detail', { only: ['find', 'findOne'] });
