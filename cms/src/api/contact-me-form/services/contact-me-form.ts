import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::contact-me-form.contact-me-form');
