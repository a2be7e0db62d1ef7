/** Every route path of the web app in one place; build links with these, never with string literals. */
export const paths = {
  home: '/',
  dashboard: '/dashboard',
  login: '/auth/login',
  login2: '/auth/login2',
  register: '/auth/register',
  register2: '/auth/register2',
  notFound: '/auth/404',
  users: {
    list: '/users',
    new: '/users/new',
    detail: (id: string) => `/users/${encodeURIComponent(id)}`,
    edit: (id: string) => `/users/${encodeURIComponent(id)}/edit`,
  },
  userProfile: '/user-profile',
  configurations: '/configurations',
  contacts: {
    list: '/contacts',
    /** The template's contacts app: the same screen as /contacts. */
    app: '/apps/contacts',
    new: '/contacts/new',
    upload: '/contacts/upload',
    imports: '/contacts/imports',
    detail: (id: string) => `/contacts/${encodeURIComponent(id)}`,
    edit: (id: string) => `/contacts/${encodeURIComponent(id)}/edit`,
  },
  campaigns: { list: '/campaigns', new: '/campaigns/new' },
  reports: '/reports',
  chats: '/apps/chats',
  calendar: '/apps/calendar',
} as const;

/** The login path with a `redirect` back to `target` (path plus search), e.g. `/auth/login?redirect=%2Fusers`. */
export const loginWithRedirect = (target: string): string =>
  target && target !== '/' ? `${paths.login}?redirect=${encodeURIComponent(target)}` : paths.login;

/** A `redirect` query value made safe to navigate to: same-origin absolute paths only, else the dashboard. */
export const safeRedirect = (value: string | null | undefined): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') && !value.startsWith(paths.login)
    ? value
    : paths.dashboard;
