import { fetchAbout, fetchContactDetails, socialLinks, useLoaded } from '@blog/shared';
import { Photo } from '../components/Photo';
import { Prose } from '../components/Prose';
import { SocialLinks } from '../components/SocialLinks';
import './About.css';

/**
 * About (spec §2): everything comes from `about-mes` but the social links, which the about entry
 * does not hold: they come from `contact-details`, which spec §7 lists for About.
 */
export default function About() {
  const about = useLoaded(fetchAbout);
  const contact = useLoaded(fetchContactDetails);
  return (
    <article className="about" aria-busy={about === undefined}>
      <div className="about-photo">
        {about?.photo && <Photo media={about.photo} displayWidth={380} />}
      </div>
      <div className="about-text">
        {about?.title && <h1 className="about-title">{about.title}</h1>}
        {about?.phrase && <p className="about-phrase">{about.phrase}</p>}
        <SocialLinks links={socialLinks(contact)} />
        <Prose text={about?.description} />
      </div>
    </article>
  );
}
