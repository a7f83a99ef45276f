import { Markup } from '@blog/shared';
import './Prose.css';

/** Text written in the CMS with the article markup (spec §5). */
export function Prose({ text }: { text: string | null | undefined }) {
  return <Markup text={text} className="prose" />;
}
