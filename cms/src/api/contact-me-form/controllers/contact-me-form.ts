import { factories } from '@strapi/strapi';
import { queueNotice } from '../../../lib/notifications';
import { oneLineFields, publicTextFields } from '../../../lib/public-input';

const UID = 'api::contact-me-form.contact-me-form';
const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'message'] as const;
const ONE_LINE = ['first_name', 'last_name', 'email', 'phone'] as const;

export default factories.createCoreController(UID, ({ strapi }) => ({
  // Stored, then queued for the author's email (sent later, whatever the mail server does).
  async create(ctx) {
    const fields = oneLineFields(publicTextFields(ctx.request.body, FIELDS), ONE_LINE);
    const message = await strapi.documents(UID).create({ data: fields });
    await queueNotice(strapi, 'contact', {
      ...fields,
      documentId: message.documentId,
      createdAt: String(message.createdAt),
    });
    return this.transformResponse(await this.sanitizeOutput(message, ctx));
  },
}));
