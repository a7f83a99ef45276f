import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::news-letter.news-letter', { only: ['find', 'findOne'] });
