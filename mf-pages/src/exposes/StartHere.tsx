import { fetchStartHere, useLoaded } from '@blog/shared';
import { Photo } from '../components/Photo';
import { Prose } from '../components/Prose';
import './StartHere.css';

/** New start here (spec §2): all of it from `new-start-heres`. */
export default function StartHere() {
  const startHere = useLoaded(fetchStartHere);
  return (
    <article className="start-here" aria-busy={startHere === undefined}>
      {startHere?.title && <h1 className="start-here-title">{startHere.title}</h1>}
      {startHere?.photo && (
        <Photo
          className="start-here-photo"
          media={startHere.photo}
          caption={startHere.photo_by}
          displayWidth={736}
        />
      )}
      <Prose text={startHere?.text} />
    </article>
  );
}
