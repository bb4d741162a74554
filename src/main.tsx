import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { FluentProvider, Toaster, webLightTheme } from '@fluentui/react-components';
import { registerAppShell } from './app/appShell';
import { Bootstrap } from './app/Bootstrap';
import { router } from './app/router';
import { TOASTER_ID } from './app/toaster';

registerAppShell();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <FluentProvider theme={webLightTheme}>
      <Toaster toasterId={TOASTER_ID} position="top-end" />
      <Bootstrap>
        <RouterProvider router={router} />
      </Bootstrap>
    </FluentProvider>
  </StrictMode>,
);
