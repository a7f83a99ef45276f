import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::cover-contact-me.cover-contact-me');
