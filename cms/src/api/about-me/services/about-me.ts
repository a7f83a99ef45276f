import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::about-me.about-me');
