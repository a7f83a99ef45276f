import { SignUpBox, type Newsletter } from '@blog/shared';
import { useId } from 'react';
import './NewsletterBanner.css';

/** The texts come from the CMS; until they arrive, or if they never do (spec §8), the banner keeps its place empty. */
export function NewsletterBanner({ newsletter }: { newsletter: Newsletter | null | undefined }) {
  const titleId = useId();
  return (
    <section className="newsletter-banner" aria-labelledby={titleId} aria-busy={newsletter === undefined}>
      <div className="newsletter-banner-text">
        {newsletter?.title && <h1 id={titleId}>{newsletter.title}</h1>}
        {newsletter?.sub_title && <p className="newsletter-sub-title">{newsletter.sub_title}</p>}
        {newsletter?.invitation_message_to_join && (
          <p className="newsletter-invitation">{newsletter.invitation_message_to_join}</p>
        )}
      </div>
      <SignUpBox />
    </section>
  );
}
