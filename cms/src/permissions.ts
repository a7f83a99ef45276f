import type { Core } from '@strapi/strapi';

const READ = ['find', 'findOne'];

/** Everything an anonymous visitor may do; anything else the public role holds is removed. */
export const PUBLIC_ACTIONS: string[] = Object.entries({
  article: READ,
  comment: [...READ, 'create', 'update'],
  'contact-detail': READ,
  'cover-contact-me': READ,
  'contact-me-form': ['create'],
  'about-me': READ,
  'new-start-here': READ,
  'news-letter': READ,
}).flatMap(([api, actions]) => actions.map((action) => `api::${api}.${api}.${action}`));

export async function grantPublicPermissions(strapi: Core.Strapi): Promise<void> {
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const publicRole = (await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' }, populate: ['permissions'] })) as {
    id: number;
    permissions: { id: number; action: string }[];
  };
  const held = publicRole.permissions;

  const extra = held.filter((permission) => !PUBLIC_ACTIONS.includes(permission.action));
  if (extra.length > 0) await permissions.deleteMany({ where: { id: { $in: extra.map(({ id }) => id) } } });

  const missing = PUBLIC_ACTIONS.filter((action) => !held.some((permission) => permission.action === action));
  for (const action of missing) {
    await permissions.create({ data: { action, role: publicRole.id } });
  }
}
