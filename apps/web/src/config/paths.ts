/** Every route path of the web app in one place; build links with these, never with string literals. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  /** Usage and spend, this month's forecast and the budgets (decision 109). */
  usage: '/dashboards/ecommerce',
  login: '/auth/login',
  register: '/auth/register',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  twoSteps: '/auth/two-steps',
  /**
   * The same signed-out pages in the split layout, beside the brand panel. Their addresses keep the
   * '2' they were published with: visitors may have bookmarked them.
   */
  split: {
    login: '/auth/login2',
    register: '/auth/register2',
    forgotPassword: '/auth/forgot-password2',
    twoSteps: '/auth/two-steps2',
  },
  notFound: '/auth/404',
  maintenance: '/auth/maintenance',
  users: {
    list: '/users',
    new: '/users/new',
    detail: (id: string) => `/users/${encodeURIComponent(id)}`,
    edit: (id: string) => `/users/${encodeURIComponent(id)}/edit`,
  },
  userProfile: '/user-profile',
  accountSettings: '/pages/account-settings',
  configurations: '/configurations',
  contacts: {
    list: '/contacts',
    /** The template's contacts app: the same screen as /contacts. */
    app: '/apps/contacts',
    new: '/contacts/new',
    upload: '/contacts/upload',
    imports: '/contacts/imports',
    /** Deleted contacts, restorable for 30 days. */
    trash: '/contacts/trash',
    detail: (id: string) => `/contacts/${encodeURIComponent(id)}`,
    edit: (id: string) => `/contacts/${encodeURIComponent(id)}/edit`,
  },
  campaigns: {
    list: '/campaigns',
    new: '/campaigns/new',
    /** Message templates (a screen under Campaigns). */
    templates: '/campaigns/templates',
    detail: (id: string) => `/campaigns/${encodeURIComponent(id)}`,
    edit: (id: string) => `/campaigns/${encodeURIComponent(id)}/edit`,
  },
  reports: {
    list: '/reports',
    delivery: (campaignId: string) => `/reports/delivery/${encodeURIComponent(campaignId)}`,
    tag1Grouped: (campaignId: string) => `/reports/tag1-grouped/${encodeURIComponent(campaignId)}`,
    nonResponders: (campaignId: string) => `/reports/non-responders/${encodeURIComponent(campaignId)}`,
  },
  pages: {
    roles: '/pages/casl',
    faq: '/pages/faq',
    pricing: '/pages/pricing',
  },
  chats: '/apps/chats',
  /** The inbox with one contact's conversation open. */
  chatWith: (contactId: string) => `/apps/chats?contact=${encodeURIComponent(contactId)}`,
  calendar: '/apps/calendar',
  /** The campaign board: campaigns by state, moved through the state machine (decision 101). */
  kanban: '/apps/kanban',
  /** Inbox conversations as tickets (views: ?view=mine|unassigned|all|resolved). */
  tickets: '/apps/tickets',
  /** The public site (no sign-in): /landingpage and /frontend-pages/homepage are the same page. */
  publicSite: {
    home: '/landingpage',
    homepage: '/frontend-pages/homepage',
    portfolio: '/frontend-pages/portfolio',
    topic: (id: string) => `/frontend-pages/portfolio?topic=${encodeURIComponent(id)}#subscribe`,
    about: '/frontend-pages/about',
    contact: '/frontend-pages/contact',
    unsubscribe: '/frontend-pages/unsubscribe',
    pricing: '/frontend-pages/pricing',
    /** The public archive: published campaigns and staff posts. */
    blog: '/frontend-pages/blog',
    blogEntry: (id: string) => `/frontend-pages/blog/detail/${encodeURIComponent(id)}`,
  },
  configurationsTab: (tab: string) => `/configurations?tab=${encodeURIComponent(tab)}`,
  /** The e-mail log (admins): every e-mail the product sent or tried. */
  emailLog: '/apps/email',
  /** The team: staff directory and invitations. */
  team: '/apps/friends',
  /** The page an invitation link opens (contracts' INVITATION_PATH). */
  acceptInvitation: '/auth/invitation',
  /** The inbox's Web messages (contact-form messages and their answers). */
  webMessages: '/apps/chats?view=web',
  /** Internal notes on contacts, with @mentions. */
  notes: '/apps/notes',
  /** The public site's subscribers by topic. */
  followers: '/apps/followers',
  /** The media library. */
  gallery: '/apps/gallery',
  /** Monthly usage statements (decision 110): the list, keeping one, its detail, its adjustments. */
  statements: {
    list: '/apps/invoice/list',
    create: '/apps/invoice/create',
    detail: (id: string) => `/apps/invoice/detail/${encodeURIComponent(id)}`,
    edit: (id: string) => `/apps/invoice/edit/${encodeURIComponent(id)}`,
  },
  /** Numbers and sender IDs (the specification's ecommerce addresses, decision 108). */
  senders: {
    list: '/apps/ecommerce/eco-product-list',
    shop: '/apps/ecommerce/shop',
    checkout: '/apps/ecommerce/eco-checkout',
    add: '/apps/ecommerce/add-product',
    /** Without an id: choose which one to edit. */
    editAny: '/apps/ecommerce/edit-product',
    edit: (id: string) => `/apps/ecommerce/edit-product/${encodeURIComponent(id)}`,
    detail: (id: string) => `/apps/ecommerce/detail/${encodeURIComponent(id)}`,
  },
  /** The design gallery: the product's components in the active brand (the template-demo addresses, issue 36). */
  designGallery: { home: '/ui-components', forms: '/forms', lists: '/react-tables', charts: '/muicharts', widgets: '/widgets' },
} as const;

/** The login path with a `redirect` back to `target` (path plus search), e.g. `/auth/login?redirect=%2Fusers`. */
export const loginWithRedirect = (target: string): string =>
  target && target !== '/' ? `${paths.login}?redirect=${encodeURIComponent(target)}` : paths.login;

/** A `redirect` query value made safe to navigate to: same-origin absolute paths only, else the dashboard. */
export const safeRedirect = (value: string | null | undefined): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !value.startsWith(paths.login)
    ? value
    : paths.dashboard;
