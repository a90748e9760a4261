import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Flip, ToastContainer } from 'react-toastify';
import { HomePage } from '../features/home/HomePage';
import { NotFoundPage } from '../features/shell/StatusPages';
import { onSessionExpired } from '../lib/auth-events';
import { TOAST_MS } from '../lib/errors';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, trpc } from '../lib/trpc';
import { AjaxFailureBar } from '../ui/AjaxFailureBar';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { Spinner } from '../ui/Spinner';
import { AuthedApp } from './AuthedApp';
import { ALL_ROUTES, PUBLIC_PATHS } from './route-table';
import { RoutePage } from './RoutePage';

const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegistrationPage = lazy(() =>
  import('../features/registration/RegistrationPage').then((m) => ({ default: m.RegistrationPage })),
);

/** A 401 on a read means the session is gone: back to the login page, then back here. */
function SessionExpiredRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionExpired(() => {
        if (PUBLIC_PATHS.includes(location.pathname)) return;
        queryClient.clear();
        navigate('/login', { replace: true, state: { from: location } });
      }),
    [navigate, location, queryClient],
  );
  return null;
}

function AppRoutes() {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-screen items-center justify-center">
          <Spinner />
        </div>
      }
    >
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/registration" element={<RegistrationPage />} />
        <Route element={<AuthedApp />}>
          <Route index element={<HomePage />} />
          {ALL_ROUTES.map((r) => (
            <Route key={r.id} path={r.path} element={<RoutePage route={r} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <ErrorBoundary>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <AjaxFailureBar />
          <BrowserRouter>
            <SessionExpiredRedirect />
            <AppRoutes />
          </BrowserRouter>
          <ToastContainer position="top-right" transition={Flip} autoClose={TOAST_MS} newestOnTop />
        </QueryClientProvider>
      </trpc.Provider>
    </ErrorBoundary>
  );
}
