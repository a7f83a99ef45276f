import { describeText, queries, type PageHead, type SectionPage } from '@blog/shared';
import { bundledPrefixesQuery } from '../form/prefixes';

/**
 * /Contact shows the cover for contact (its texts), the contact details (the ways to write, the
 * map's place) and the form's bundled dialling prefixes.
 */
export const contactPage: SectionPage = {
  load: (_request, reads) =>
    Promise.all([
      reads.prefetchQuery(queries.contactDetails()),
      reads.prefetchQuery(queries.coverContact()),
      reads.prefetchQuery(bundledPrefixesQuery()),
    ]),

  head(_request, reads): PageHead {
    const cover = reads.getQueryData(queries.coverContact().queryKey);
    return { title: 'Contact', description: describeText(cover?.intro) };
  },
};
