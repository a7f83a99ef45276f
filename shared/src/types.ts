// Strapi v5 REST shapes: entries are flat (no `attributes` wrapper).

export interface Pagination {
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface StrapiList<T> {
  data: T[];
  meta: { pagination: Pagination };
}

export interface StrapiError {
  data: null;
  error: { status: number; name: string; message: string };
}

/** What every stored entry carries. */
export interface Entry {
  id: number;
  documentId: string;
}

export interface MediaFormat {
  url: string;
  width: number;
  height: number;
}

export interface Media {
  id: number;
  url: string;
  width?: number | null;
  height?: number | null;
  alternativeText?: string | null;
  mime?: string;
  formats?: Record<string, MediaFormat> | null;
}

export interface Topic {
  id?: number;
  category: string;
}

export interface Source {
  id?: number;
  text: string;
}

export interface RecommendedArticle extends Entry {
  title_article: string;
}

export interface Article extends Entry {
  title_article: string;
  written_by: string | null;
  /** 'YYYY-MM-DD' */
  date_of_the_article: string;
  text_article: string | null;
  photo_article: Media[] | null;
  audio: Media | null;
  topics: Topic[];
  articles: RecommendedArticle[];
  sources: Source[];
  /** When Strapi last saved it (ISO 8601). */
  updatedAt?: string;
}

/** An article as a link to it names it: its title is its address (spec §7). */
export type ArticleRef = Pick<Article, 'documentId' | 'title_article'>;

/** An image as the CMS's lists give it: the media fields an `<img>` needs, nothing more. */
export type ArticlePhoto = Omit<Media, 'id' | 'mime'>;

/** What Home shows of each of its newest articles (spec §2): the article without its audio, sources or recommendations. */
export type NewestArticle = Pick<
  Article,
  | 'id'
  | 'documentId'
  | 'title_article'
  | 'written_by'
  | 'date_of_the_article'
  | 'text_article'
  | 'photo_article'
  | 'topics'
>;

/** One card of the Articles list, searched and paged by the CMS (`GET /api/article-summaries`). */
export interface ArticleSummary extends ArticleRef {
  date_of_the_article: string;
  topics: Topic[];
  /** The start of `text_article` (at most 320 characters), made by the CMS: headings and quotes plain, bold and links kept as markup. */
  excerpt: string;
  /** The article's first photo. */
  photo: ArticlePhoto | null;
  /**
   * A search's text match only: about 30 words of the text where it matched, as HTML whose only
   * markup is `<mark>` around the matched words (read it with `snippetParts`).
   */
  snippet?: string;
}

/** A value of a search's facet (a topic's category, a year) and how many results it narrows to. */
export interface FacetCount<Value> {
  value: Value;
  count: number;
}

/** What a search's results can be narrowed to: each topic and each year they have, with its count. */
export interface SearchFacets {
  topics: FacetCount<string>[];
  years: FacetCount<number>[];
}

/** A page of the Articles list or of a search's results; a search that found nothing may carry one correction. */
export interface ArticleList extends StrapiList<ArticleSummary> {
  meta: StrapiList<ArticleSummary>['meta'] & {
    /** A search's facets (`article-search` only), each counted with the other narrowing kept. */
    facets?: SearchFacets;
    /** "Did you mean": the search corrected so that it finds something (`article-search` only). */
    suggestion?: string;
  };
}

/** An article named by its title and date: a row of the newsletter archive, a recent article in the footer. */
export interface ArchiveEntry extends ArticleRef {
  date_of_the_article: string;
}

/** One of the most commented articles (spec §9), counted by the CMS. */
export interface MostPopularEntry extends ArchiveEntry {
  /** How many approved comments the article has. */
  comments: number;
  /** Its first photo. */
  photo: ArticlePhoto | null;
}

/** How many articles have a topic, counted by the CMS. */
export interface TopicCount {
  category: string;
  count: number;
}

/**
 * The props of the article detail that mf-articles exposes (`mf_articles/ArticleDetail`): Home and
 * Articles render it, and the Newsletter section loads it at run time, all typed by this declaration.
 */
export interface ArticleDetailProps {
  /** The article to show, named by its title as its address names it: the detail loads it. */
  title: string;
  /** What '← Back to Articles' does. */
  onBack: () => void;
  /** What a MOST POPULAR click does: the host decides where the other article opens. */
  onOpenArticle: (article: ArticleRef) => void;
  /** The title names no published article, or it could not be loaded: the host shows its list instead. */
  onMissing: () => void;
}

export interface Comment extends Entry {
  name: string | null;
  comment: string | null;
  /** The title of the article commented on: titles are the link between the two. */
  article: string | null;
  approve_comment: boolean;
  /** Counts are stored as text. */
  like: string | null;
  dislike: string | null;
  publishedAt: string;
}

export interface ContactDetails extends Entry {
  email: string | null;
  phone: string | null;
  location: string | null;
  /**
   * Where the CMS placed `location` when the details were saved, so browsers need not ask the
   * geocoder; null when it could not. Absent from a CMS that predates them.
   */
  latitude?: number | null;
  longitude?: number | null;
  Facebook_url: string | null;
  x_url: string | null;
  linkedin_url: string | null;
  instagram_url: string | null;
}

export interface CoverContact extends Entry {
  title: string | null;
  intro: string | null;
  card_title: string | null;
  card_intro: string | null;
}

export interface ContactMessage {
  first_name: string;
  last_name: string;
  email: string;
  /** Prefix and number joined by a space, see `joinPhone`. */
  phone: string;
  message: string;
}

export interface About extends Entry {
  title: string | null;
  phrase: string | null;
  description: string | null;
  photo: Media | null;
}

export interface StartHere extends Entry {
  title: string | null;
  photo: Media | null;
  photo_by: string | null;
  text: string | null;
}

export interface Newsletter extends Entry {
  title: string | null;
  sub_title: string | null;
  invitation_message_to_join: string | null;
}

/** One entry of the public country list: only the dialling code is requested. */
export interface Country {
  idd?: { root?: string; suffixes?: string[] };
}
