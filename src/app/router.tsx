import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { OnlineOnly } from '../features/admin/OnlineOnly';
import { SignInPage } from '../features/auth/SignInPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { NotAvailablePage } from '../features/errors/NotAvailablePage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';
import { UnauthorizedPage } from '../features/errors/UnauthorizedPage';
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

/**
 * A page loaded with its route: the first load carries only the sign-in page and the
 * dashboard (issue 13's budget, scripts/bundleBudget.mjs); every other screen comes when opened.
 */
const lazyPage = (load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> => ({ lazy: async () => ({ Component: await load() }) });

/** The admin area (SPEC §2): its left panel around every page; Admin needs forms.view (RouteGuard). */
const admin: RouteObject = {
  path: '/admin',
  ...lazyPage(() => import('../features/admin/AdminLayout').then((m) => m.AdminLayout)),
  children: [
    { index: true, ...lazyPage(() => import('../features/admin/AdminHomePage').then((m) => m.AdminHomePage)), ...titled('Admin') },
    {
      path: 'external-users',
      element: (
        <OnlineOnly>
          <Outlet />
        </OnlineOnly>
      ),
      children: [
        { index: true, ...lazyPage(() => import('../features/externalUsers/ExternalUsersPage').then((m) => m.ExternalUsersPage)), ...titled('External Users') },
        { path: 'create', ...lazyPage(() => import('../features/externalUsers/InviteUserPage').then((m) => m.InviteUserPage)), ...titled('Invite User') },
        { path: ':personnelId/edit', ...lazyPage(() => import('../features/externalUsers/EditUserPage').then((m) => m.EditUserPage)), ...titled('Edit User') },
      ],
    },
    permitRoute('lists', 'Lists', () => import('../features/lists/ListsPage').then((m) => m.ListsPage)),
    permitRoute('lists/:fieldKey/items', 'List Items', () => import('../features/lists/ListItemsPage').then((m) => m.ListItemsPage)),
    {
      path: 'forms',
      element: (
        <OnlineOnly>
          <Outlet />
        </OnlineOnly>
      ),
      children: [
        { index: true, lazy: async () => ({ Component: (await import('../features/forms/FormsPage')).FormsPage }), ...titled('Forms') },
        permitRoute(':formId', 'Form Builder', () => import('../features/forms/FormBuilderPage').then((m) => m.FormBuilderPage)),
      ],
    },
    permitRoute('templates', 'Templates', () => import('../features/templates/TemplatesPage').then((m) => m.TemplatesPage)),
    permitRoute('templates/create', 'Create Template', () => import('../features/templates/CreateTemplatePage').then((m) => m.CreateTemplatePage)),
    permitRoute('templates/:templateId/edit', 'Edit Template', () => import('../features/templates/EditTemplatePage').then((m) => m.EditTemplatePage)),
    permitRoute('templates/:templateId', 'Template', () => import('../features/templates/ViewTemplatePage').then((m) => m.ViewTemplatePage)),
    permitRoute('permit-cache', 'Permit Cache', () => import('../features/permitCache/PermitCachePage').then((m) => m.PermitCachePage)),
    permitRoute('plot-plans', 'Plot Plans', () => import('../features/plotPlans/PlotPlansAdminPage').then((m) => m.PlotPlansAdminPage)),
    permitRoute('gas-tests', 'Gas Tests', () => import('../features/gasTests/GasSettingsPage').then((m) => m.GasSettingsPage)),
    permitRoute('simops', 'SIMOPS Matrix', () => import('../features/simops/SimopsMatrixPage').then((m) => m.SimopsMatrixPage)),
    permitRoute('shifts', 'Shifts and Handover', () => import('../features/handover/ShiftSettingsPage').then((m) => m.ShiftSettingsPage)),
    permitRoute('printers', 'Printers', () => import('../features/printing/PrintersPage').then((m) => m.PrintersPage)),
    permitRoute('settings', 'Settings', () => import('../features/settings/SettingsPage').then((m) => m.SettingsPage)),
    { path: 'audit', ...lazyPage(() => import('../features/audit/AuditTrailPage').then((m) => m.AuditTrailPage)), ...titled('Audit Trail') },
    { path: '*', element: <NotFoundPage />, ...titled('Page not found') },
  ],
};

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/auth/signin', element: <SignInPage />, ...titled('Sign In') },
      { path: '/auth/callback', ...lazyPage(() => import('../features/auth/CallbackPage').then((m) => m.CallbackPage)), ...titled('Signing In') },
      { path: '/auth/register', ...lazyPage(() => import('../features/auth/RegisterPage').then((m) => m.RegisterPage)), ...titled('Complete Registration') },
      { path: '/auth/signout', ...lazyPage(() => import('../features/auth/SignOutPage').then((m) => m.SignOutPage)), ...titled('Sign Out') },
      {
        element: <SignedInRoot />,
        children: [
          {
            // The control-room board fills a wall screen: the guard of every signed-in page, without the menu and header.
            element: <RouteGuard />,
            children: [permitRoute('/board', 'Control-room board', () => import('../features/board/BoardPage').then((m) => m.BoardPage))],
          },
          {
            element: <Shell />,
            children: [
              { path: '/unauthorized', element: <UnauthorizedPage />, ...titled('Unauthorized') },
              { path: '/location-not-enabled', ...lazyPage(() => import('../features/locations/LocationNotEnabledPage').then((m) => m.LocationNotEnabledPage)), ...titled('Location Not Enabled') },
              {
                element: <RouteGuard />,
                children: [
                  { path: '/', element: <DashboardPage />, ...titled('Dashboard') },
                  { path: '/preferences', ...lazyPage(() => import('../features/preferences/PreferencesPage').then((m) => m.PreferencesPage)), ...titled('Preferences') },
                  permitRoute('/permits/create', 'Create New Permit', () => import('../features/permits/CreatePermitRedirect').then((m) => m.CreatePermitRedirect)),
                  permitRoute('/permits/draft/:draftId', 'Create Permit', () => import('../features/permits/DraftPage').then((m) => m.DraftPage)),
                  permitRoute('/permits/drafts', 'Draft Permits', () => import('../features/drafts/DraftsPage').then((m) => m.DraftsPage)),
                  permitRoute('/permits/list', 'List Current Permits', () => import('../features/permits/PermitListPage').then((m) => m.PermitListPage)),
                  permitRoute('/permits/search', 'Search Permits', () => import('../features/permits/search/SearchPermitsPage').then((m) => m.SearchPermitsPage)),
                  permitRoute('/permits/revoke', 'Revoke Permits', () => import('../features/permits/revoke/RevokePermitsPage').then((m) => m.RevokePermitsPage)),
                  permitRoute('/permits/:permitInstanceId/edit', 'Permit', () => import('../features/permits/EditPermitPage').then((m) => m.EditPermitPage)),
                  permitRoute('/isolations/*', 'Isolations', () => import('../features/isolations/Isolations').then((m) => m.Isolations)),
                  permitRoute('/handover', 'Shift handover', () => import('../features/handover/HandoverPage').then((m) => m.HandoverPage)),
                  permitRoute('/workorders/list', 'Current Workorders', () => import('../features/workorders/WorkOrderListPage').then((m) => m.WorkOrderListPage)),
                  permitRoute('/workorders/search', 'Search Workorders', () => import('../features/workorders/WorkOrderSearchPage').then((m) => m.WorkOrderSearchPage)),
                  permitRoute('/permits/:permitInstanceId/verify', 'Verify Permit', () => import('../features/printing/VerifyPermitPage').then((m) => m.VerifyPermitPage)),
                  admin,
                  permitRoute('/reports/open-permits', 'Reports', () => import('../features/reports/OpenPermitsReportPage').then((m) => m.OpenPermitsReportPage)),
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
