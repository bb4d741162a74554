import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { AdminHomePage } from '../features/admin/AdminHomePage';
import { AdminLayout } from '../features/admin/AdminLayout';
import { OnlineOnly } from '../features/admin/OnlineOnly';
import { CallbackPage } from '../features/auth/CallbackPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { SignInPage } from '../features/auth/SignInPage';
import { SignOutPage } from '../features/auth/SignOutPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { NotAvailablePage } from '../features/errors/NotAvailablePage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { EditUserPage } from '../features/externalUsers/EditUserPage';
import { ExternalUsersPage } from '../features/externalUsers/ExternalUsersPage';
import { InviteUserPage } from '../features/externalUsers/InviteUserPage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { UnauthorizedPage } from '../features/errors/UnauthorizedPage';
import { LocationNotEnabledPage } from '../features/locations/LocationNotEnabledPage';
import { PreferencesPage } from '../features/preferences/PreferencesPage';
import type { RouteHandle } from './pageTitle';
import { RootLayout } from './RootLayout';
import { RouteGuard } from './RouteGuard';
import { Shell } from './Shell';
import { SignedInRoot } from './startup/SignedInRoot';

const titled = (title: string): { handle: RouteHandle } => ({ handle: { title } });

/** Screens of later issues: each route has its page name and an honest placeholder. */
const notYet = (path: string, title: string): RouteObject => ({ path, element: <NotAvailablePage />, ...titled(title) });

/** The permit screens load with their route (the Form.io renderer is large, STACK.md). */
const permitRoute = (path: string, title: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
  ...titled(title),
});

/** The admin area (SPEC §2): its left panel around every page; Admin needs forms.view (RouteGuard). */
const admin: RouteObject = {
  path: '/admin',
  element: <AdminLayout />,
  children: [
    { index: true, element: <AdminHomePage />, ...titled('Admin') },
    {
      path: 'external-users',
      element: (
        <OnlineOnly>
          <Outlet />
        </OnlineOnly>
      ),
      children: [
        { index: true, element: <ExternalUsersPage />, ...titled('External Users') },
        { path: 'create', element: <InviteUserPage />, ...titled('Invite User') },
        { path: ':personnelId/edit', element: <EditUserPage />, ...titled('Edit User') },
      ],
    },
    notYet('forms', 'Forms'),
    permitRoute('lists', 'Lists', () => import('../features/lists/ListsPage').then((m) => m.ListsPage)),
    permitRoute('lists/:fieldKey/items', 'List Items', () => import('../features/lists/ListItemsPage').then((m) => m.ListItemsPage)),
    notYet('templates/*', 'Templates'),
    permitRoute('permit-cache', 'Permit Cache', () => import('../features/permitCache/PermitCachePage').then((m) => m.PermitCachePage)),
    permitRoute('settings', 'Settings', () => import('../features/settings/SettingsPage').then((m) => m.SettingsPage)),
    { path: '*', element: <NotFoundPage />, ...titled('Page not found') },
  ],
};

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/auth/signin', element: <SignInPage />, ...titled('Sign In') },
      { path: '/auth/callback', element: <CallbackPage />, ...titled('Signing In') },
      { path: '/auth/register', element: <RegisterPage />, ...titled('Complete Registration') },
      { path: '/auth/signout', element: <SignOutPage />, ...titled('Sign Out') },
      {
        element: <SignedInRoot />,
        children: [
          {
            element: <Shell />,
            children: [
              { path: '/unauthorized', element: <UnauthorizedPage />, ...titled('Unauthorized') },
              { path: '/location-not-enabled', element: <LocationNotEnabledPage />, ...titled('Location Not Enabled') },
              {
                element: <RouteGuard />,
                children: [
                  { path: '/', element: <DashboardPage />, ...titled('Dashboard') },
                  { path: '/preferences', element: <PreferencesPage />, ...titled('Preferences') },
                  permitRoute('/permits/create', 'Create New Permit', () => import('../features/permits/CreatePermitRedirect').then((m) => m.CreatePermitRedirect)),
                  permitRoute('/permits/draft/:draftId', 'Create Permit', () => import('../features/permits/DraftPage').then((m) => m.DraftPage)),
                  permitRoute('/permits/drafts', 'Draft Permits', () => import('../features/drafts/DraftsPage').then((m) => m.DraftsPage)),
                  permitRoute('/permits/list', 'List Current Permits', () => import('../features/permits/PermitListPage').then((m) => m.PermitListPage)),
                  notYet('/permits/search', 'Search Permits'),
                  permitRoute('/permits/revoke', 'Revoke Permits', () => import('../features/permits/revoke/RevokePermitsPage').then((m) => m.RevokePermitsPage)),
                  permitRoute('/permits/:permitInstanceId/edit', 'Permit', () => import('../features/permits/EditPermitPage').then((m) => m.EditPermitPage)),
                  notYet('/workorders/list', 'Current Workorders'),
                  notYet('/workorders/search', 'Search Workorders'),
                  admin,
                  notYet('/reports/*', 'Reports'),
                  { path: '*', element: <NotFoundPage />, ...titled('Page not found') },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
