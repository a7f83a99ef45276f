import { describeText, queries, type PageHead, type SectionPage } from '@blog/shared';

export const startHerePage: SectionPage = {
  load: (_request, reads) => reads.prefetchQuery(queries.startHere()),

  head(_request, reads): PageHead {
    const startHere = reads.getQueryData(queries.startHere().queryKey);
    return {
      title: startHere?.title || 'Start here',
      description: describeText(startHere?.text),
    };
  },
};
