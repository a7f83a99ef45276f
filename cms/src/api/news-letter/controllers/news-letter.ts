import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::news-letter.news-letter');
