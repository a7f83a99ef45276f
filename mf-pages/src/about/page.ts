import { imageAttributes, queries, type PageHead, type SectionPage } from '@blog/shared';

export const aboutPage: SectionPage = {
  load: (_request, reads) =>
    Promise.all([reads.prefetchQuery(queries.about()), reads.prefetchQuery(queries.contactDetails())]),

  head(_request, reads): PageHead {
    const about = reads.getQueryData(queries.about().queryKey);
    const photo = about?.photo && imageAttributes(about.photo);
    return {
      title: about?.title || 'About',
      description: about?.phrase || undefined,
      image: photo ? { url: photo.src, width: photo.width, height: photo.height, alt: photo.alt } : undefined,
    };
  },
};
