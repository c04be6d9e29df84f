import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ApiError } from '../lib/api-client';
import { getSession, subscribeSession } from '../lib/auth-session';
import { draftStorage, forgetDraftsExcept } from '../ui/edit-page/unsaved-draft';
import { clearNotifications } from './notifications/notifications';
import { createAppRouter } from './router';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; a network or server hiccup may.
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.code >= 400 && err.code < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The providers: TanStack Query and the router (i18n is initialised on import, see main.tsx). */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  // One user's cached answers and notifications must never show to the next: drop them whenever the signed-in user
  // changes (a sign-out included). A user who signs in finds only their own kept drafts (see unsaved-draft.ts).
  useEffect(() => {
    let last = getSession().user?.email ?? null;
    return subscribeSession(() => {
      const now = getSession().user?.email ?? null;
      if (now !== last) {
        queryClient.clear();
        clearNotifications();
        if (now !== null) forgetDraftsExcept(draftStorage(), now);
      }
      last = now;
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
