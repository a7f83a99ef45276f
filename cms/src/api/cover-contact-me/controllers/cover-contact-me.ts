import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::cover-contact-me.cover-contact-me');
