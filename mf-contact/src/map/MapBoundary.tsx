import { Component, type ReactNode } from 'react';

/** The map is the page's backdrop: if it cannot load, the page goes on without it. */
export class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The contact map failed', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
