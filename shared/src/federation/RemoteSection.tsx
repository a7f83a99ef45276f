import { Component, Suspense, lazy, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SectionLoaderContext } from './loader';
import type { RemoteModuleId } from './remotes';
import './section.css';

interface BoundaryProps {
  label: string;
  /** It failed before this page ran: on the server. */
  failed: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** Keeps a section's failure (not loadable, or throwing while rendering) inside that section. */
class SectionBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: this.props.failed };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.label} section failed`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="section-fallback" role="alert">
        <p>The {this.props.label} section is unavailable right now.</p>
        <button type="button" onClick={this.props.onRetry}>
          Retry
        </button>
      </div>
    );
  }
}

type SectionProps = Record<string, unknown>;

export interface RemoteSectionProps {
  /** The exposed module, e.g. `mf_articles/Home`; its default export is rendered. */
  id: RemoteModuleId;
  /** What a visitor calls this section, for the fallback and the loading state. */
  label: string;
  /** Handed to the section's component; a section is typed by its own package, not across the boundary. */
  props?: SectionProps;
}

/**
 * A section loaded at run time from wherever `/remotes.json` says it is deployed. A section loaded
 * already (the server's, or the browser's before it hydrates what the server rendered) renders at
 * once; one the server could not render shows its fallback, as the server sent it, and is then
 * tried once more in the browser.
 */
export function RemoteSection({ id, label, props }: RemoteSectionProps) {
  const loader = useContext(SectionLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const failedOnServer = attempt === 0 && loader.failedOnServer(id);
  const Section = useMemo(
    () => loader.peek(id)?.default ?? lazy(() => loader.load(id)),
    // A retry needs a new lazy component: React remembers the failure of the old one.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` is what makes a retry a new component
    [id, attempt, loader],
  );
  useEffect(() => {
    // Once the server's fallback has hydrated, the browser tries the section itself.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the retry must follow hydration, which an effect marks
    if (failedOnServer) setAttempt(1);
  }, [failedOnServer]);
  return (
    // Keyed by section too: a route change reuses this component for another section,
    // which must not inherit the previous one's failure.
    <SectionBoundary
      key={`${id}#${attempt}`}
      label={label}
      failed={failedOnServer}
      onRetry={() => setAttempt((count) => count + 1)}
    >
      <Suspense
        fallback={
          <div className="section-loading" role="status">
            Loading {label}…
          </div>
        }
      >
        {/* eslint-disable-next-line react-hooks/static-components -- a section is known only at run time; one component per section and attempt, kept by useMemo */}
        <Section {...props} />
      </Suspense>
    </SectionBoundary>
  );
}
