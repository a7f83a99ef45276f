import { NetworkIcon } from '../NetworkIcon';
import type { SocialLink } from '../social';
import styles from './SocialLinks.module.css';

/** The author's networks (`socialLinks` of the contact details), as round icon links. */
export function SocialLinks({ links, className }: { links: SocialLink[]; className?: string }) {
  return (
    <ul className={className ? `${styles.links} ${className}` : styles.links}>
      {links.map(({ network, label, href }) => (
        <li key={network}>
          <a
            className="round-button"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            title={label}
          >
            <NetworkIcon network={network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
