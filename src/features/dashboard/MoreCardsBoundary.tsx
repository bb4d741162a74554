import { Component, type ReactNode } from 'react';

/**
 * The cards beyond the counts are fetched after them: a device gone offline before they came, on
 * its first day, cannot fetch them, and the dashboard must stay as it is without them.
 */
export class MoreCardsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The dashboard’s further cards could not be loaded.', error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
