import {
  NETWORK_NAMES,
  NetworkIcon,
  SHARE_WINDOW_FEATURES,
  mediaUrlFor,
  shareTarget,
  shareText,
  shareUrl,
  type Article,
  type ShareNetwork,
} from '@blog/shared';
import styles from './ShareButtons.module.css';

/** What sharing an article takes of it: its address (the title), its text and its photo. */
type Shared = Pick<Article, 'title_article' | 'text_article' | 'photo_article'>;

function share(network: ShareNetwork, article: Shared) {
  const photo = article.photo_article?.[0];
  const target = shareTarget(network, {
    url: shareUrl(window.location.origin, article.title_article),
    text: shareText(article),
    photoUrl: photo ? mediaUrlFor(photo.url) : null,
  });
  // The network's page gets no hold on this one.
  window.open(target, '_blank', `${SHARE_WINDOW_FEATURES},noopener`);
}

/** Spec §7: each network's share page in a 600x400 window; Instagram, which has none, gets the photo. */
export function ShareButtons({ article }: { article: Shared }) {
  return (
    <div role="group" aria-label="Share">
      <ul className={styles.share}>
        {(Object.entries(NETWORK_NAMES) as [ShareNetwork, string][]).map(([network, name]) => (
          <li key={network}>
            <button
              type="button"
              className={`round-button ${styles.button}`}
              aria-label={`Share on ${name}`}
              onClick={() => share(network, article)}
            >
              <NetworkIcon network={network} size={18} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
