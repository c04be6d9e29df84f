import { lazy, Suspense, type ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ProfilePage } from '../features/account/profile.page';
import { LogMeInPage } from '../features/auth/log-me-in.page';
import { ResetPasswordPage } from '../features/auth/reset-password.page';
import { SignInPage } from '../features/auth/sign-in.page';
import { HomePage } from '../features/home/home.page';
import { Guarded } from './guards/guarded';
import { ShellLayout } from './layout/shell.layout';
import { NotFoundPage } from './pages/not-found.page';
import { SignOutPage } from './pages/sign-out.page';
import { VerifyModulbankPage } from './pages/verify-modulbank.page';
import { AdminIndex, AgentGroupSoon, Soon, SoonWithIds } from './placeholders';
import { ROUTE_TABLE, type RoutePath } from './routes.table';

// The demo and admin settings pages carry the data grid and the form building blocks: load them only when opened.
const TestTableFullPage = lazy(() => import('../features/demo/test-table-full.page').then((m) => ({ default: m.TestTableFullPage })));
const ControlsPage = lazy(() => import('../features/demo/controls.page').then((m) => ({ default: m.ControlsPage })));
const MediaManagerPage = lazy(() => import('../features/media/media-manager.page').then((m) => ({ default: m.MediaManagerPage })));
const ToursListPage = lazy(() => import('../features/tours/tours-list.page').then((m) => ({ default: m.ToursListPage })));
const TourEditPage = lazy(() => import('../features/tours/tour-edit.page').then((m) => ({ default: m.TourEditPage })));
const OfferEditPage = lazy(() => import('../features/offers/offer-edit.page').then((m) => ({ default: m.OfferEditPage })));
const AdminSettingsPage = lazy(() => import('../features/admin/admin-settings.page').then((m) => ({ default: m.AdminSettingsPage })));

/**
 * Every route's page. The keys are exactly the paths of routes.table.ts (TypeScript checks that none is missing),
 * and each page is wrapped in the guard built from that table's roles.
 */
const PAGES: Record<RoutePath, ReactElement> = {
  '/account/login': <SignInPage />,
  '/account/logout': <SignOutPage />,
  '/account/resetpassword': <ResetPasswordPage />,
  '/verify-modulbank': <VerifyModulbankPage />,
  '/': <HomePage />,
  '/account': <ProfilePage />,
  '/testtablefull': (
    <Suspense fallback={null}>
      <TestTableFullPage />
    </Suspense>
  ),
  '/controls': (
    <Suspense fallback={null}>
      <ControlsPage />
    </Suspense>
  ),
  '/arrivals': <Soon titleKey="menu.arrivals" />,
  '/agent/bookings': <Soon titleKey="menu.agentBookings" />,
  '/agent/bookings/add': <Soon titleKey="menu.agentAddBooking" />,
  '/agent/bookings/details/:id': <SoonWithIds titleKey="pages.bookingDetails" params={['id']} />,
  '/agent/bookings/:groupRef': <AgentGroupSoon />,
  '/agent/commissions': <Soon titleKey="menu.agentCommissions" />,
  '/bookings': <Soon titleKey="menu.bookings" />,
  '/tours': (
    <Suspense fallback={null}>
      <ToursListPage />
    </Suspense>
  ),
  '/tours/:id': (
    <Suspense fallback={null}>
      <TourEditPage />
    </Suspense>
  ),
  '/tours/:tourId/:ticketId': (
    <Suspense fallback={null}>
      <OfferEditPage />
    </Suspense>
  ),
  '/timeslots': <Soon titleKey="menu.timeslots" />,
  '/timeslots/:groupId': <SoonWithIds titleKey="pages.timeSlotGroupEdit" params={['groupId']} />,
  '/timeslots/:groupId/:timeSlotId': <SoonWithIds titleKey="pages.timeSlotEdit" params={['groupId', 'timeSlotId']} />,
  '/pickuptimes': <Soon titleKey="menu.pickuptimes" />,
  '/pickuptimes/:id': <SoonWithIds titleKey="pages.pickupTimeEdit" params={['id']} />,
  '/availability': <Soon titleKey="menu.availability" />,
  '/mediamanager': (
    <Suspense fallback={null}>
      <MediaManagerPage />
    </Suspense>
  ),
  '/admin': <AdminIndex />,
  '/admin/:tab': (
    <Suspense fallback={null}>
      <AdminSettingsPage />
    </Suspense>
  ),
  '/auth/logmein/:email': <LogMeInPage />,
};

export const routes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      ...ROUTE_TABLE.map(
        (rule): RouteObject => ({
          path: rule.path,
          element: <Guarded access={rule.access}>{PAGES[rule.path]}</Guarded>,
        }),
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
