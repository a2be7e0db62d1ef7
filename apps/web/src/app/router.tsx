import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ACCOUNT_SETTINGS_TABS } from './account-settings-tabs';
import { CONFIGURATION_TABS } from './configuration-tabs';
import { BlankLayout } from './layouts/blank-layout';
import { FullPageLoader } from '../components/full-page-loader';
import { ConnectionBanner } from '../lib/connection/connection-banner';
import { lazyRoute } from '../lib/lazy-page';
import {
  AboutPage,
  BlogEntryPage,
  BlogPage,
  ContactPage,
  LandingPage,
  loadDashboard,
  Login,
  PortfolioPage,
  PricingPage,
  PublicLayout,
  UnsubscribePage,
} from '../delivery/first-route-pages';
import { loadFrameTexts, withTexts } from '../delivery/texts';
import { RequireAbility } from './require-ability';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './routes/route-error';
import { ScrollRestoration } from './scroll-restoration';

// Pages load on demand; the layouts' Suspense boundaries show the loader meanwhile, and a download
// the server could not answer waits for it to come back (`lazyRoute`). The signed-in
// frame (sidebar, header) too, with its texts: the sign-in pages never download them. Each page
// downloads the translation namespaces it reads beside its code (`withTexts`; beyond the sign-in
// set, which is always there): the build fills them in from the page's source (delivery/page-texts.build.ts).
const FullLayout = lazyRoute(() =>
  Promise.all([import('./layouts/full-layout'), loadFrameTexts()]).then(([module]) => ({ default: module.FullLayout })),
);
const SplitLogin = lazyRoute(() => import('../features/auth/routes/split-login'));
const Register = lazyRoute(() => import('../features/auth/routes/register'));
const SplitRegister = lazyRoute(() => import('../features/auth/routes/split-register'));
const ForgotPassword = lazyRoute(() => import('../features/auth/routes/forgot-password'));
const SplitForgotPassword = lazyRoute(() => import('../features/auth/routes/split-forgot-password'));
const ResetPassword = lazyRoute(() => import('../features/auth/routes/reset-password'));
const TwoSteps = lazyRoute(() => import('../features/auth/routes/two-steps'));
const SplitTwoSteps = lazyRoute(() => import('../features/auth/routes/split-two-steps'));
const AccountSettings = lazyRoute(() => withTexts(import('../features/account/routes/account-settings')));
const NotFound = lazyRoute(() => import('./routes/not-found'));
const Maintenance = lazyRoute(() => import('../features/maintenance/routes/maintenance-page'));
const Dashboard = lazyRoute(loadDashboard);
const UsersList = lazyRoute(() => withTexts(import('../features/users/routes/users-list')));
const UserNew = lazyRoute(() => withTexts(import('../features/users/routes/user-new')));
const UserDetail = lazyRoute(() => withTexts(import('../features/users/routes/user-detail')));
const UserEdit = lazyRoute(() => withTexts(import('../features/users/routes/user-edit')));
const UserProfile = lazyRoute(() => withTexts(import('../features/profile/routes/user-profile')));
const ContactsList = lazyRoute(() => withTexts(import('../features/contacts/routes/contacts-list')));
const ContactNew = lazyRoute(() => withTexts(import('../features/contacts/routes/contact-new')));
const ContactDetail = lazyRoute(() => withTexts(import('../features/contacts/routes/contact-detail')));
const ContactEdit = lazyRoute(() => withTexts(import('../features/contacts/routes/contact-edit')));
const ContactsUpload = lazyRoute(() => withTexts(import('../features/imports/routes/contacts-upload')));
const ImportHistory = lazyRoute(() => withTexts(import('../features/imports/routes/import-history')));
const ContactsTrash = lazyRoute(() => withTexts(import('../features/contacts/routes/contacts-trash')));
const CampaignsList = lazyRoute(() => withTexts(import('../features/campaigns/routes/campaigns-list')));
const CampaignNew = lazyRoute(() => withTexts(import('../features/campaigns/routes/campaign-new')));
const CampaignDetail = lazyRoute(() => withTexts(import('../features/campaigns/routes/campaign-detail')));
const CampaignEdit = lazyRoute(() => withTexts(import('../features/campaigns/routes/campaign-edit')));
const TemplatesList = lazyRoute(() => withTexts(import('../features/templates/routes/templates-list')));
const InboxPage = lazyRoute(() => withTexts(import('../features/inbox/routes/inbox-page')));
const TicketsPage = lazyRoute(() => withTexts(import('../features/tickets/routes/tickets-page')));
const SendersListPage = lazyRoute(() => withTexts(import('../features/senders/routes/senders-list-page')));
const ShopPage = lazyRoute(() => withTexts(import('../features/senders/routes/shop-page')));
const CheckoutPage = lazyRoute(() => withTexts(import('../features/senders/routes/checkout-page')));
const SenderEditPage = lazyRoute(() => withTexts(import('../features/senders/routes/sender-edit-page')));
const SenderDetailPage = lazyRoute(() => withTexts(import('../features/senders/routes/sender-detail-page')));
const Configurations = lazyRoute(() => withTexts(import('../features/settings/routes/configurations')));
const RolesPage = lazyRoute(() => withTexts(import('../features/roles/routes/roles-page')));
const FaqPage = lazyRoute(() => withTexts(import('../features/help/routes/faq-page')));
const ReportsList = lazyRoute(() => withTexts(import('../features/reports/routes/reports-list')));
const DeliveryReport = lazyRoute(() => withTexts(import('../features/reports/routes/delivery-report')));
const Tag1Report = lazyRoute(() => withTexts(import('../features/reports/routes/tag1-report')));
const NonRespondersReport = lazyRoute(() => withTexts(import('../features/reports/routes/non-responders-report')));
const CampaignCalendar = lazyRoute(() => withTexts(import('../features/calendar/routes/campaign-calendar')));
const CampaignBoard = lazyRoute(() => withTexts(import('../features/kanban/routes/campaign-board')));
const NotesPage = lazyRoute(() => withTexts(import('../features/notes/routes/notes-page')));
const UsagePage = lazyRoute(() => withTexts(import('../features/spend/routes/usage-page')));
const FollowersPage = lazyRoute(() => withTexts(import('../features/followers/routes/followers-page')));
const GalleryPage = lazyRoute(() => withTexts(import('../features/gallery/routes/gallery-page')));
const StaffPricingPage = lazyRoute(() => withTexts(import('../features/public-site/routes/staff-pricing-page')));
const EmailLogPage = lazyRoute(() => withTexts(import('../features/email-log/routes/email-log-page')));
const TeamPage = lazyRoute(() => withTexts(import('../features/team/routes/team-page')));
const AcceptInvitation = lazyRoute(() => withTexts(import('../features/auth/routes/accept-invitation')));
const StatementsList = lazyRoute(() => withTexts(import('../features/statements/routes/statements-list')));
const StatementCreate = lazyRoute(() => withTexts(import('../features/statements/routes/statement-create')));
const StatementDetail = lazyRoute(() => withTexts(import('../features/statements/routes/statement-detail')));
const StatementEdit = lazyRoute(() => withTexts(import('../features/statements/routes/statement-edit')));
const DesignGallery = lazyRoute(() => withTexts(import('../features/design-gallery/routes/design-gallery-page')));

function Root() {
  // A new address starts without the error of the last one.
  const { pathname } = useLocation();
  return (
    <>
      <RouteErrorBoundary key={pathname}>
        <Suspense
          fallback={
            <>
              <ConnectionBanner />
              <FullPageLoader />
            </>
          }
        >
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <ScrollRestoration />
    </>
  );
}

/** The route table (PRODUCT.md section 3). Unknown paths, public or protected, go to /auth/404. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Navigate replace to={paths.dashboard} /> },
      {
        path: 'auth',
        children: [
          // Its own frame, without MUI: the sign-in entry shows the same page (decision 071).
          { path: 'login', element: <Login /> },
          {
            element: <BlankLayout />,
            children: [
              // The split layout (beside the brand panel) keeps its published addresses (paths.split).
              { path: 'login2', element: <SplitLogin /> },
              { path: 'register', element: <Register /> },
              { path: 'register2', element: <SplitRegister /> },
              { path: 'forgot-password', element: <ForgotPassword /> },
              { path: 'forgot-password2', element: <SplitForgotPassword /> },
              { path: 'reset-password', element: <ResetPassword /> },
              { path: 'two-steps', element: <TwoSteps /> },
              { path: 'two-steps2', element: <SplitTwoSteps /> },
              { path: '404', element: <NotFound /> },
              { path: 'maintenance', element: <Maintenance /> },
              { path: 'invitation', element: <AcceptInvitation /> },
            ],
          },
        ],
      },
      {
        // The public site: open to everyone while an administrator keeps it on.
        element: <PublicLayout />,
        children: [
          { path: 'landingpage', element: <LandingPage /> },
          {
            path: 'frontend-pages',
            children: [
              { path: 'homepage', element: <LandingPage /> },
              { path: 'portfolio', element: <PortfolioPage /> },
              { path: 'about', element: <AboutPage /> },
              { path: 'contact', element: <ContactPage /> },
              { path: 'unsubscribe', element: <UnsubscribePage /> },
              { path: 'pricing', element: <PricingPage /> },
              { path: 'blog', element: <BlogPage /> },
              { path: 'blog/detail/:id', element: <BlogEntryPage /> },
            ],
          },
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
                  {
                    index: true,
                    element: (
                      <RequireAbility action="read" subject="User">
                        <UsersList />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'new',
                    element: (
                      <RequireAbility action="create" subject="User">
                        <UserNew />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: ':id',
                    element: (
                      <RequireAbility action="read" subject="User">
                        <UserDetail />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: ':id/edit',
                    element: (
                      <RequireAbility action="update" subject="User">
                        <UserEdit />
                      </RequireAbility>
                    ),
                  },
                ],
              },
              {
                path: 'contacts',
                children: [
                  {
                    index: true,
                    element: (
                      <RequireAbility action="read" subject="Contact">
                        <ContactsList />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'new',
                    element: (
                      <RequireAbility action="create" subject="Contact">
                        <ContactNew />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'upload',
                    element: (
                      <RequireAbility action="create" subject="Import">
                        <ContactsUpload />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'imports',
                    element: (
                      <RequireAbility action="read" subject="Import">
                        <ImportHistory />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'trash',
                    element: (
                      <RequireAbility action="delete" subject="Contact">
                        <ContactsTrash />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: ':id',
                    element: (
                      <RequireAbility action="read" subject="Contact">
                        <ContactDetail />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: ':id/edit',
                    element: (
                      <RequireAbility action="update" subject="Contact">
                        <ContactEdit />
                      </RequireAbility>
                    ),
                  },
                ],
              },
              {
                path: 'campaigns',
                children: [
                  {
                    index: true,
                    element: (
                      <RequireAbility action="read" subject="Campaign">
                        <CampaignsList />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'new',
                    element: (
                      <RequireAbility action="create" subject="Campaign">
                        <CampaignNew />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'templates',
                    element: (
                      <RequireAbility action="read" subject="Template">
                        <TemplatesList />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: ':id',
                    element: (
                      <RequireAbility action="read" subject="Campaign">
                        <CampaignDetail />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: ':id/edit',
                    element: (
                      <RequireAbility action="update" subject="Campaign">
                        <CampaignEdit />
                      </RequireAbility>
                    ),
                  },
                ],
              },
              {
                path: 'reports',
                children: [
                  {
                    index: true,
                    element: (
                      <RequireAbility action="read" subject="Report">
                        <ReportsList />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'delivery/:campaignId',
                    element: (
                      <RequireAbility action="read" subject="Report">
                        <DeliveryReport />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'tag1-grouped/:campaignId',
                    element: (
                      <RequireAbility action="read" subject="Report">
                        <Tag1Report />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'non-responders/:campaignId',
                    element: (
                      <RequireAbility action="read" subject="Report">
                        <NonRespondersReport />
                      </RequireAbility>
                    ),
                  },
                ],
              },
              {
                path: paths.chats,
                element: (
                  <RequireAbility action="read" subject="Inbox">
                    <InboxPage />
                  </RequireAbility>
                ),
              },
              {
                path: paths.tickets,
                element: (
                  <RequireAbility action="read" subject="Inbox">
                    <TicketsPage />
                  </RequireAbility>
                ),
              },
              // Numbers and sender IDs (decision 108): the specification's ecommerce addresses.
              ...[
                { path: paths.senders.list, page: <SendersListPage /> },
                { path: paths.senders.shop, page: <ShopPage /> },
                { path: paths.senders.checkout, page: <CheckoutPage /> },
                { path: paths.senders.add, page: <SenderEditPage /> },
                { path: paths.senders.editAny, page: <SenderEditPage choose /> },
                { path: `${paths.senders.editAny}/:id`, page: <SenderEditPage /> },
                { path: '/apps/ecommerce/detail/:id', page: <SenderDetailPage /> },
              ].map(({ path, page }) => ({
                path,
                element: (
                  <RequireAbility action="read" subject="Sender">
                    {page}
                  </RequireAbility>
                ),
              })),
              {
                path: paths.contacts.app,
                element: (
                  <RequireAbility action="read" subject="Contact">
                    <ContactsList />
                  </RequireAbility>
                ),
              },
              { path: 'user-profile', element: <UserProfile /> },
              { path: 'pages/account-settings', element: <AccountSettings tabs={ACCOUNT_SETTINGS_TABS} /> },
              { path: 'configurations', element: <Configurations tabs={CONFIGURATION_TABS} /> },
              { path: 'pages/pricing', element: <StaffPricingPage /> },
              { path: paths.pages.roles, element: <RolesPage /> },
              { path: paths.pages.faq, element: <FaqPage /> },
              {
                path: paths.calendar,
                element: (
                  <RequireAbility action="read" subject="Campaign">
                    <CampaignCalendar />
                  </RequireAbility>
                ),
              },
              {
                path: paths.kanban,
                element: (
                  <RequireAbility action="read" subject="Campaign">
                    <CampaignBoard />
                  </RequireAbility>
                ),
              },
              {
                path: paths.usage,
                element: (
                  <RequireAbility action="read" subject="Report">
                    <UsagePage />
                  </RequireAbility>
                ),
              },
              {
                path: paths.followers,
                element: (
                  <RequireAbility action="read" subject="Contact">
                    <FollowersPage />
                  </RequireAbility>
                ),
              },
              {
                path: paths.emailLog,
                element: (
                  <RequireAbility action="read" subject="AuditLog">
                    <EmailLogPage />
                  </RequireAbility>
                ),
              },
              {
                path: paths.team,
                element: (
                  <RequireAbility action="read" subject="User">
                    <TeamPage />
                  </RequireAbility>
                ),
              },
              {
                path: paths.notes,
                element: (
                  <RequireAbility action="read" subject="Note">
                    <NotesPage />
                  </RequireAbility>
                ),
              },
              {
                path: paths.gallery,
                element: (
                  <RequireAbility action="read" subject="ArchivePost">
                    <GalleryPage />
                  </RequireAbility>
                ),
              },
              // Monthly usage statements (decision 110): the specification's /apps/invoice/* routes.
              {
                path: 'apps/invoice',
                children: [
                  { index: true, element: <Navigate replace to={paths.statements.list} /> },
                  {
                    path: 'list',
                    element: (
                      <RequireAbility action="read" subject="Statement">
                        <StatementsList />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'create',
                    element: (
                      <RequireAbility action="create" subject="Statement">
                        <StatementCreate />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'detail/:id',
                    element: (
                      <RequireAbility action="read" subject="Statement">
                        <StatementDetail />
                      </RequireAbility>
                    ),
                  },
                  {
                    path: 'edit/:id',
                    element: (
                      <RequireAbility action="update" subject="Statement">
                        <StatementEdit />
                      </RequireAbility>
                    ),
                  },
                ],
              },
              // The design gallery (features/design-gallery/gallery-routes.ts): any signed-in user; a group's sub-pages are sections of its page.
              ...['forms', 'tables', 'react-tables', 'charts', 'muicharts', 'mui-trees', 'ui-components', 'widgets'].map((group) => ({
                path: `${group}/*`,
                element: <DesignGallery />,
              })),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate replace to={paths.notFound} /> },
    ],
  },
];

/**
 * The routes, matched by React Router's declarative mode (inside a BrowserRouter): no route has a
 * loader or an action, so the data router's code (its largest part) stays out of every page
 * (decision 070).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
