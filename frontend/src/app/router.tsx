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
import { AdminIndex } from './placeholders';
import { ROUTE_TABLE, type RoutePath } from './routes.table';

// The demo and admin settings pages carry the data grid and the form building blocks: load them only when opened.
const TestTableFullPage = lazy(() => import('../features/demo/test-table-full.page').then((m) => ({ default: m.TestTableFullPage })));
const ControlsPage = lazy(() => import('../features/demo/controls.page').then((m) => ({ default: m.ControlsPage })));
const MediaManagerPage = lazy(() => import('../features/media/media-manager.page').then((m) => ({ default: m.MediaManagerPage })));
const ToursListPage = lazy(() => import('../features/tours/tours-list.page').then((m) => ({ default: m.ToursListPage })));
const TourEditPage = lazy(() => import('../features/tours/tour-edit.page').then((m) => ({ default: m.TourEditPage })));
const OfferEditPage = lazy(() => import('../features/offers/offer-edit.page').then((m) => ({ default: m.OfferEditPage })));
const PickUpTimesListPage = lazy(() => import('../features/pickuptimes/pickup-times-list.page').then((m) => ({ default: m.PickUpTimesListPage })));
const PickUpTimeEditPage = lazy(() => import('../features/pickuptimes/pickup-time-edit.page').then((m) => ({ default: m.PickUpTimeEditPage })));
const AdminSettingsPage = lazy(() => import('../features/admin/admin-settings.page').then((m) => ({ default: m.AdminSettingsPage })));
const TimeSlotsListPage = lazy(() => import('../features/timeslots/timeslots-list.page').then((m) => ({ default: m.TimeSlotsListPage })));
const TimeSlotGroupEditPage = lazy(() => import('../features/timeslots/time-slot-group-edit.page').then((m) => ({ default: m.TimeSlotGroupEditPage })));
const TimeSlotEditPage = lazy(() => import('../features/timeslots/time-slot-edit.page').then((m) => ({ default: m.TimeSlotEditPage })));
const AvailabilityPage = lazy(() => import('../features/availability/availability.page').then((m) => ({ default: m.AvailabilityPage })));
const ExternalProvidersPage = lazy(() => import('../features/external-providers/external-providers.page').then((m) => ({ default: m.ExternalProvidersPage })));
const AgentBookingAddPage = lazy(() => import('../features/agent-booking-add/agent-booking-add.page').then((m) => ({ default: m.AgentBookingAddPage })));
const AgentBookingDetailsPage = lazy(() => import('../features/agent-booking-details/agent-booking-details.page').then((m) => ({ default: m.AgentBookingDetailsPage })));
const ManifestsPage = lazy(() => import('../features/manifests/manifests.page').then((m) => ({ default: m.ManifestsPage })));
const ReportsPage = lazy(() => import('../features/reports/reports.page').then((m) => ({ default: m.ReportsPage })));
const CheckInPage = lazy(() => import('../features/checkin/checkin.page').then((m) => ({ default: m.CheckInPage })));
const ArrivalsPage = lazy(() => import('../features/arrivals/arrivals.page').then((m) => ({ default: m.ArrivalsPage })));
const BookingsListPage = lazy(() => import('../features/bookings/bookings-list.page').then((m) => ({ default: m.BookingsListPage })));
const AgentBookingsPage = lazy(() => import('../features/agent-bookings/agent-bookings.page').then((m) => ({ default: m.AgentBookingsPage })));
const AgentCommissionsPage = lazy(() => import('../features/agent-bookings/agent-bookings.page').then((m) => ({ default: m.AgentCommissionsPage })));
const AgencyStatements = lazy(() => import('../features/reports/statements/agency-statements').then((m) => ({ default: m.AgencyStatements })));
const AgentGroupBookingsPage = lazy(() => import('../features/agent-bookings/agent-bookings.page').then((m) => ({ default: m.AgentGroupBookingsPage })));
const PlatformPage = lazy(() => import('../features/platform/platform.page').then((m) => ({ default: m.PlatformPage })));

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
  '/arrivals': (
    <Suspense fallback={null}>
      <ArrivalsPage />
    </Suspense>
  ),
  '/agent/bookings': (
    <Suspense fallback={null}>
      <AgentBookingsPage />
    </Suspense>
  ),
  '/agent/bookings/add': (
    <Suspense fallback={null}>
      <AgentBookingAddPage />
    </Suspense>
  ),
  '/agent/bookings/details/:id': (
    <Suspense fallback={null}>
      <AgentBookingDetailsPage />
    </Suspense>
  ),
  '/agent/bookings/:groupRef': (
    <Suspense fallback={null}>
      <AgentGroupBookingsPage />
    </Suspense>
  ),
  '/agent/commissions': (
    <Suspense fallback={null}>
      <AgentCommissionsPage>
        <AgencyStatements />
      </AgentCommissionsPage>
    </Suspense>
  ),
  '/bookings': (
    <Suspense fallback={null}>
      <BookingsListPage />
    </Suspense>
  ),
  '/manifests': (
    <Suspense fallback={null}>
      <ManifestsPage />
    </Suspense>
  ),
  '/reports': (
    <Suspense fallback={null}>
      <ReportsPage />
    </Suspense>
  ),
  '/checkin/:reference': (
    <Suspense fallback={null}>
      <CheckInPage />
    </Suspense>
  ),
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
  '/timeslots': (
    <Suspense fallback={null}>
      <TimeSlotsListPage />
    </Suspense>
  ),
  '/timeslots/:groupId': (
    <Suspense fallback={null}>
      <TimeSlotGroupEditPage />
    </Suspense>
  ),
  '/timeslots/:groupId/:timeSlotId': (
    <Suspense fallback={null}>
      <TimeSlotEditPage />
    </Suspense>
  ),
  '/pickuptimes': (
    <Suspense fallback={null}>
      <PickUpTimesListPage />
    </Suspense>
  ),
  '/pickuptimes/:id': (
    <Suspense fallback={null}>
      <PickUpTimeEditPage />
    </Suspense>
  ),
  '/availability': (
    <Suspense fallback={null}>
      <AvailabilityPage />
    </Suspense>
  ),
  '/mediamanager': (
    <Suspense fallback={null}>
      <MediaManagerPage />
    </Suspense>
  ),
  '/externalproviders': (
    <Suspense fallback={null}>
      <ExternalProvidersPage />
    </Suspense>
  ),
  '/admin': <AdminIndex />,
  '/admin/:tab': (
    <Suspense fallback={null}>
      <AdminSettingsPage />
    </Suspense>
  ),
  '/auth/logmein/:email': <LogMeInPage />,
  '/platform': (
    <Suspense fallback={null}>
      <PlatformPage />
    </Suspense>
  ),
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
