/** The app: providers around the router. */
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setSessionRouter } from '../features/auth/session-end';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  // The end of a session takes the user to the login route by this router.
  useEffect(() => {
    setSessionRouter(router);
    return () => setSessionRouter(undefined);
  }, [router]);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
