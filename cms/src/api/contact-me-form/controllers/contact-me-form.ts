import { factories } from '@strapi/strapi';
import { publicTextFields } from '../../../lib/public-input';

const UID = 'api::contact-me-form.contact-me-form';
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'message'] as const;

export default factories.createCoreController(UID, ({ strapi }) => ({
  async create(ctx) {
    const message = await strapi.documents(UID).create({ data: publicTextFields(ctx.request.body, FIELDS) });
    return this.transformResponse(await this.sanitizeOutput(message, ctx));
  },
}));
