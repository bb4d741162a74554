import type { ReactNode } from 'react';

/**
 * Shown until the app is initialised (SPEC §2). With children (an error and its retry),
 * the spinner gives way to them. The same markup as index.html's, styled there: the page shows
 * it before any script has arrived, and the app's first render costs no component's styles.
 */
export function LoadingView({ children }: { children?: ReactNode }) {
  return (
    <main className="op-loading">
      {children ? (
        <div className="op-loading__content">{children}</div>
      ) : (
        <>
          <div className="op-loading__spinner" role="progressbar" aria-labelledby="op-loading-label" />
          <span id="op-loading-label">Loading OpenPermit…</span>
        </>
      )}
    </main>
  );
}
