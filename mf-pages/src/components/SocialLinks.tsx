import { NetworkIcon, type SocialLink } from '@blog/shared';
import './SocialLinks.css';

export function SocialLinks({ links }: { links: SocialLink[] }) {
  return (
    <ul className="social-links">
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
