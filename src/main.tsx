import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { FluentProvider, RendererProvider, webLightTheme } from '@fluentui/react-components';
import { registerAppShell } from './app/appShell';
import { Bootstrap } from './app/Bootstrap';
import { router } from './app/router';
import { startApp } from './app/startApp';
import { createStyleRenderer } from './app/styleRenderer';
import { useToasterWanted } from './app/toaster';

const AppToaster = lazy(() => import('./app/AppToaster'));

/** Mounts the toaster with the app's first message (toaster.ts), not before. */
function ToasterHost() {
  return useToasterWanted() ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

registerAppShell();
// Bootstrap shows what a failure says; here it is only started early.
startApp().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RendererProvider renderer={createStyleRenderer(document)} targetDocument={document}>
      <FluentProvider theme={webLightTheme}>
        <ToasterHost />
        <Bootstrap>
          <RouterProvider router={router} />
        </Bootstrap>
      </FluentProvider>
    </RendererProvider>
  </StrictMode>,
);
