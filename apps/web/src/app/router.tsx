import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { CONFIGURATION_TABS } from './configuration-tabs';
import { BlankLayout } from './layouts/blank-layout';
import { FullLayout } from './layouts/full-layout';
import { RequireAbility } from './require-ability';
import { RequireAuth } from './require-auth';
import RouteError from './routes/route-error';

// Pages load on demand; the layouts' Suspense boundaries show the loader meanwhile.
const Login = lazy(() => import('../features/auth/routes/login'));
const Login2 = lazy(() => import('../features/auth/routes/login2'));
const Register = lazy(() => import('../features/auth/routes/register'));
const Register2 = lazy(() => import('../features/auth/routes/register2'));
const NotFound = lazy(() => import('./routes/not-found'));
const Dashboard = lazy(() => import('../features/dashboard/routes/dashboard'));
const UsersList = lazy(() => import('../features/users/routes/users-list'));
const UserNew = lazy(() => import('../features/users/routes/user-new'));
const UserDetail = lazy(() => import('../features/users/routes/user-detail'));
const UserEdit = lazy(() => import('../features/users/routes/user-edit'));
const UserProfile = lazy(() => import('../features/profile/routes/user-profile'));
const ContactsList = lazy(() => import('../features/contacts/routes/contacts-list'));
const ContactNew = lazy(() => import('../features/contacts/routes/contact-new'));
const ContactDetail = lazy(() => import('../features/contacts/routes/contact-detail'));
const ContactEdit = lazy(() => import('../features/contacts/routes/contact-edit'));
const ContactsUpload = lazy(() => import('../features/imports/routes/contacts-upload'));
const ImportHistory = lazy(() => import('../features/imports/routes/import-history'));
const Configurations = lazy(() => import('../features/settings/routes/configurations'));
const ComingSoon = lazy(() => import('./routes/coming-soon'));

/** Product areas whose screens arrive in later releases: a real page now, not a 404. */
const upcoming: Array<[string, string]> = [
  [paths.campaigns.list, 'nav.campaigns'],
  [paths.campaigns.new, 'nav.campaigns'],
  [paths.reports, 'nav.reports'],
  [paths.chats, 'nav.chats'],
  [paths.calendar, 'nav.calendar'],
];

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** The route table (PRODUCT.md section 3). Unknown paths, public or protected, go to /auth/404. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate replace to={paths.dashboard} /> },
      {
        path: 'auth',
        element: <BlankLayout />,
        children: [
          { path: 'login', element: <Login /> },
          { path: 'login2', element: <Login2 /> },
          { path: 'register', element: <Register /> },
          { path: 'register2', element: <Register2 /> },
          { path: '404', element: <NotFound /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <FullLayout />,
            children: [
              { path: 'dashboard', element: <Dashboard /> },
              {
                path: 'users',
                children: [
                  { index: true, element: <RequireAbility action="read" subject="User"><UsersList /></RequireAbility> },
                  { path: 'new', element: <RequireAbility action="create" subject="User"><UserNew /></RequireAbility> },
                  { path: ':id', element: <RequireAbility action="read" subject="User"><UserDetail /></RequireAbility> },
                  { path: ':id/edit', element: <RequireAbility action="update" subject="User"><UserEdit /></RequireAbility> },
                ],
              },
              {
                path: 'contacts',
                children: [
                  { index: true, element: <RequireAbility action="read" subject="Contact"><ContactsList /></RequireAbility> },
                  { path: 'new', element: <RequireAbility action="create" subject="Contact"><ContactNew /></RequireAbility> },
                  { path: 'upload', element: <RequireAbility action="create" subject="Import"><ContactsUpload /></RequireAbility> },
                  { path: 'imports', element: <RequireAbility action="read" subject="Import"><ImportHistory /></RequireAbility> },
                  { path: ':id', element: <RequireAbility action="read" subject="Contact"><ContactDetail /></RequireAbility> },
                  { path: ':id/edit', element: <RequireAbility action="update" subject="Contact"><ContactEdit /></RequireAbility> },
                ],
              },
              { path: paths.contacts.app, element: <RequireAbility action="read" subject="Contact"><ContactsList /></RequireAbility> },
              { path: 'user-profile', element: <UserProfile /> },
              { path: 'configurations', element: <Configurations tabs={CONFIGURATION_TABS} /> },
              ...upcoming.map(([path, titleKey]) => ({ path, element: <ComingSoon titleKey={titleKey} /> })),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate replace to={paths.notFound} /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
