import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * Keeps a failure to word the history (an event or a form this release does not expect) inside
 * the History tab: the permit's form beside it is where the work happens, and stays usable.
 */
export class HistoryBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // The cause must not vanish: the app's console is where a support person looks.
    console.error('The permit history could not be shown.', error);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <MessageBar intent="error">
        <MessageBarBody>This permit’s history could not be shown on this device. Its form is not affected.</MessageBarBody>
      </MessageBar>
    );
  }
}
