import fs from 'fs';
import path from 'path';
import type { Core, UID } from '@strapi/strapi';

interface SeedArticle {
  title_article: string;
  written_by: string;
  date_of_the_article: string;
  text_article: string;
  photo: string;
  audio: string | null;
  topics: string[];
  recommended: string[];
  sources: string[];
}

interface SeedComment {
  name: string;
  comment: string;
  article: string;
  approve_comment: boolean;
  like: string;
  dislike: string;
  age_seconds: number;
}

interface SeedContent {
  articles: SeedArticle[];
  comments: SeedComment[];
  contact_details: Record<string, string>;
  cover_contact: Record<string, string>;
  about: Record<string, string> & { photo: string };
  start_here: Record<string, string> & { photo: string };
  newsletter: Record<string, string>;
}

const SEEDED_TYPES: UID.ContentType[] = [
  'api::article.article',
  'api::comment.comment',
  'api::contact-detail.contact-detail',
  'api::cover-contact-me.cover-contact-me',
  'api::about-me.about-me',
  'api::new-start-here.new-start-here',
  'api::news-letter.news-letter',
];

const MIME_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
};

/** Loads the shipped content into an empty database; a database holding any content is left alone. */
export async function seedIfEmpty(strapi: Core.Strapi): Promise<void> {
  const counts = await Promise.all(SEEDED_TYPES.map((uid) => strapi.db.query(uid).count()));
  if (counts.some((count) => count > 0)) return;

  const seedDir = path.join(strapi.dirs.app.root, 'seed');
  const content = JSON.parse(fs.readFileSync(path.join(seedDir, 'content.json'), 'utf8')) as SeedContent;
  const media = mediaUploader(strapi, path.join(seedDir, 'media'));

  await seedArticles(strapi, content.articles, media);
  await seedComments(strapi, content.comments);

  const { photo: aboutPhoto, ...about } = content.about;
  const { photo: startHerePhoto, ...startHere } = content.start_here;
  await strapi.documents('api::contact-detail.contact-detail').create({ data: content.contact_details });
  await strapi.documents('api::cover-contact-me.cover-contact-me').create({ data: content.cover_contact });
  // The author's pages are drafted and published like articles: the seed publishes them.
  await strapi
    .documents('api::about-me.about-me')
    .create({ data: { ...about, photo: await media(aboutPhoto) }, status: 'published' });
  await strapi
    .documents('api::new-start-here.new-start-here')
    .create({ data: { ...startHere, photo: await media(startHerePhoto) }, status: 'published' });
  await strapi.documents('api::news-letter.news-letter').create({ data: content.newsletter, status: 'published' });

  strapi.log.info(`Seeded ${content.articles.length} articles and ${content.comments.length} comments.`);
}

/** The upload plugin's own service, which Strapi's registry types loosely. */
interface UploadService {
  upload(input: {
    files: { filepath: string; originalFilename: string; mimetype: string; size: number };
    data: { fileInfo: { name: string; alternativeText: string } };
  }): Promise<{ id: number }[]>;
}

/** Uploads each media file once through the upload plugin and answers with its id. */
function mediaUploader(strapi: Core.Strapi, mediaDir: string) {
  const uploader = strapi.plugin('upload').service<UploadService>('upload');
  const uploaded = new Map<string, Promise<number>>();
  return (fileName: string): Promise<number> => {
    if (!uploaded.has(fileName)) {
      const filepath = path.join(mediaDir, fileName);
      const name = path.parse(fileName).name;
      const upload = uploader
        .upload({
          files: {
            filepath,
            originalFilename: fileName,
            mimetype: MIME_TYPES[path.extname(fileName).toLowerCase()],
            size: fs.statSync(filepath).size,
          },
          data: { fileInfo: { name, alternativeText: name.replace(/[-_]/g, ' ') } },
        })
        .then(([file]) => file.id);
      uploaded.set(fileName, upload);
    }
    return uploaded.get(fileName);
  };
}

async function seedArticles(
  strapi: Core.Strapi,
  articles: SeedArticle[],
  media: (fileName: string) => Promise<number>,
) {
  const documents = strapi.documents('api::article.article');
  const documentIds = new Map<string, string>();
  for (const article of articles) {
    const created = await documents.create({
      data: {
        title_article: article.title_article,
        written_by: article.written_by,
        date_of_the_article: article.date_of_the_article,
        text_article: article.text_article,
        photo_article: [await media(article.photo)],
        audio: article.audio ? await media(article.audio) : null,
        topics: article.topics.map((category) => ({ category })),
        sources: article.sources.map((text) => ({ text })),
      },
    });
    documentIds.set(article.title_article, created.documentId);
  }
  // Recommendations point at each other, so they are linked once every article exists.
  for (const article of articles) {
    const documentId = documentIds.get(article.title_article);
    const recommended = article.recommended.map((title) => documentIds.get(title)).filter((id) => id !== undefined);
    // The relation is not in the generated input types until `strapi ts:generate-types` has run.
    await documents.update({ documentId, data: { articles: recommended } as never });
  }
  for (const documentId of documentIds.values()) {
    await documents.publish({ documentId });
  }
}

async function seedComments(strapi: Core.Strapi, comments: SeedComment[]) {
  const now = Date.now();
  for (const { age_seconds, ...comment } of comments) {
    const created = await strapi.documents('api::comment.comment').create({ data: comment });
    // Seeded comments carry their age so the site shows every relative-time band.
    const postedAt = new Date(now - age_seconds * 1000);
    await strapi.db
      .query('api::comment.comment')
      .update({ where: { id: created.id }, data: { createdAt: postedAt, updatedAt: postedAt, publishedAt: postedAt } });
  }
}
