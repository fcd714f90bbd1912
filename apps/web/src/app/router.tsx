import type { WebNamespace } from "@hyn/i18n/catalogs";
import type { ComponentType } from "react";
import { createBrowserRouter } from "react-router";
import { RequireAdmin, RequireAuth } from "../features/auth/guards";
import { Layout, StartupShell } from "./Layout";
import { loadNamespaces } from "../i18n/i18n";
import { RouteError } from "./RouteError";

/**
 * Every screen is its own chunk: the login page does not download the dashboard or the admin charts.
 * The router loads a screen's chunk before it shows the route (a route's `lazy`), rather than React
 * suspending on it: a page opened directly renders once its chunk is in (the server preloads it
 * alongside the entry), with no spinner in between, and a link keeps the current page until the
 * next one is ready.
 */
const screen =
  (load: () => Promise<{ default: ComponentType }>, namespaces: readonly WebNamespace[] = []) =>
  async () => {
    // The screen's texts in the current language come alongside its code (packages/i18n/catalogs).
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: module.default };
  };

/**
 * PRODUCT "Screens", route for route. Creating the router starts loading the current route's screen; main.tsx
 * calls it once, in a start-up step of its own.
 */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: <Layout />,
      // While the first screen's chunk loads: the top bar index.html already shows.
      hydrateFallbackElement: <StartupShell />,
      children: [
        {
          // A screen that cannot be loaded or shown: a message inside the layout, the menu still there.
          errorElement: <RouteError />,
          children: [
            { path: "/login", lazy: screen(() => import("../routes/LoginPage"), ["auth"]) },
            { path: "/signup", lazy: screen(() => import("../routes/SignupPage"), ["auth"]) },
            { path: "/verify-email", lazy: screen(() => import("../routes/VerifyEmailPage"), ["auth"]) },
            { path: "/auth/callback", lazy: screen(() => import("../routes/AuthCallbackPage"), ["auth"]) },
            { path: "/forgot-password", lazy: screen(() => import("../routes/ForgotPasswordPage"), ["auth"]) },
            { path: "/reset-password", lazy: screen(() => import("../routes/ResetPasswordPage"), ["auth"]) },
            // The groups page shows its own logged-out text (PRODUCT "Screens"), so it is not behind the guard.
            // "profile": its cards' notification choice saves through the profile's hook, whose toasts are
            // profile texts; "requests": the usage limits panel; "moderation": the owner's reports;
            // "sheet": a group's notice-board sheet.
            {
              path: "/groups",
              lazy: screen(
                () => import("../routes/GroupsPage"),
                ["groups", "sharing", "profile", "requests", "moderation", "sheet"],
              ),
            },
            {
              path: "/invite",
              lazy: screen(() => import("../routes/JoinPage"), ["groups", "sharing", "profile", "auth"]),
            },
            {
              path: "/join/:token",
              lazy: screen(() => import("../routes/JoinPage"), ["groups", "sharing", "profile", "auth"]),
            },
            {
              path: "/invite/:token",
              lazy: screen(() => import("../routes/JoinPage"), ["groups", "sharing", "profile", "auth"]),
            },
            // From a non-essential e-mail's footer, logged in or not (issue 15).
            { path: "/unsubscribe/:token", lazy: screen(() => import("../routes/UnsubscribePage"), ["unsubscribe"]) },
            { path: "/feedback", lazy: screen(() => import("../routes/FeedbackPage"), ["about"]) },
            { path: "/about", lazy: screen(() => import("../routes/AboutPage"), ["about"]) },
            {
              element: <RequireAuth />,
              children: [
                { path: "/", lazy: screen(() => import("../routes/DashboardPage"), ["requests"]) },
                // "groups": the per-group "New requests" select is the group card's, with its texts;
                // "auth": the change-password form uses the new-password fields of the auth screens.
                {
                  path: "/profile",
                  lazy: screen(() => import("../routes/ProfilePage"), ["profile", "groups", "auth"]),
                },
                // One request: where a notification's "I can help" leads (signed out: log in, then back here).
                {
                  path: "/requests/:id",
                  lazy: screen(() => import("../routes/RequestPage"), ["requests", "request", "asking"]),
                },
                // Shopping trips others add to (issue 28): the list and the announce form, and one trip's page
                // (one chunk: TripsPage shows TripPage for an id).
                { path: "/trips", lazy: screen(() => import("../routes/TripsPage"), ["trips", "asking"]) },
                { path: "/trips/:id", lazy: screen(() => import("../routes/TripsPage"), ["trips", "asking"]) },
                {
                  element: <RequireAdmin />,
                  children: [
                    { path: "/admin", lazy: screen(() => import("../routes/AdminPage"), ["admin"]) },
                    // Issue 29: the report queue (with the report dialog's category names) and the audit log.
                    {
                      path: "/admin/reports",
                      lazy: screen(() => import("../routes/AdminReportsPage"), ["admin", "moderation"]),
                    },
                    { path: "/admin/audit", lazy: screen(() => import("../routes/AdminAuditPage"), ["admin"]) },
                  ],
                },
              ],
            },
            { path: "*", lazy: screen(() => import("../routes/NotFoundPage")) },
          ],
        },
      ],
    },
  ]);
