import { lazy } from "react";
import { createBrowserRouter } from "react-router";
import { RequireAdmin, RequireAuth } from "../features/auth/guards";
import { Layout } from "./Layout";

// Every screen is its own chunk: the login page does not download the dashboard or the admin charts.
const DashboardPage = lazy(() => import("../routes/DashboardPage"));
const LoginPage = lazy(() => import("../routes/LoginPage"));
const SignupPage = lazy(() => import("../routes/SignupPage"));
const VerifyEmailPage = lazy(() => import("../routes/VerifyEmailPage"));
const AuthCallbackPage = lazy(() => import("../routes/AuthCallbackPage"));
const ForgotPasswordPage = lazy(() => import("../routes/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("../routes/ResetPasswordPage"));
const GroupsPage = lazy(() => import("../routes/GroupsPage"));
const ProfilePage = lazy(() => import("../routes/ProfilePage"));
const JoinPage = lazy(() => import("../routes/JoinPage"));
const FeedbackPage = lazy(() => import("../routes/FeedbackPage"));
const AboutPage = lazy(() => import("../routes/AboutPage"));
const AdminPage = lazy(() => import("../routes/AdminPage"));
const NotFoundPage = lazy(() => import("../routes/NotFoundPage"));

/** SPEC §2, route for route. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: "/login", element: <LoginPage /> },
      { path: "/signup", element: <SignupPage /> },
      { path: "/verify-email", element: <VerifyEmailPage /> },
      { path: "/auth/callback", element: <AuthCallbackPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      // The groups page shows its own logged-out text (SPEC §2), so it is not behind the guard.
      { path: "/groups", element: <GroupsPage /> },
      { path: "/invite", element: <JoinPage /> },
      { path: "/join/:token", element: <JoinPage /> },
      { path: "/invite/:token", element: <JoinPage /> },
      { path: "/feedback", element: <FeedbackPage /> },
      { path: "/about", element: <AboutPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: "/", element: <DashboardPage /> },
          { path: "/profile", element: <ProfilePage /> },
          { element: <RequireAdmin />, children: [{ path: "/admin", element: <AdminPage /> }] },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
