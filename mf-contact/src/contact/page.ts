import { describeText, queries, type PageHead, type SectionPage } from '@blog/shared';

/** /Contact shows the cover for contact (its texts) and the contact details (the ways to write, the map's place). */
export const contactPage: SectionPage = {
  load: (_request, reads) =>
    Promise.all([reads.prefetchQuery(queries.contactDetails()), reads.prefetchQuery(queries.coverContact())]),

  head(_request, reads): PageHead {
    const cover = reads.getQueryData(queries.coverContact().queryKey);
    return { title: 'Contact', description: describeText(cover?.intro) };
  },
};
