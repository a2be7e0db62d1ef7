import { RouterProvider } from 'react-router';
import { setApiNavigator } from '../lib/api-client';
import { AppProviders } from './providers';
import { router } from './router';

// A 401 anywhere sends the user to the login page through the router (no full reload).
setApiNavigator((to) => void router.navigate(to, { replace: true }));

/** The whole web app. */
export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
