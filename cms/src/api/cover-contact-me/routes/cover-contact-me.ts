import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::cover-contact-me.cover-contact-me', { only: ['find', 'findOne'] });
