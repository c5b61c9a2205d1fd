import { createBrowserRouter, useNavigate, type RouteObject } from "react-router";
import { CenteredSpinner } from "@/components/ui/spinner";
import { focusHeadingAfterSignIn } from "@/hooks/use-focus-heading-on-navigation";
import { LoginPage } from "./routes/login";
import { RouteErrorPage } from "./route-error-page";
import { defaultPathForRole, LOGIN_PATHS, PAGES } from "./route-table";
import { SessionGate } from "./session-gate";

function LoginRoute() {
  const navigate = useNavigate();
  return (
    <LoginPage
      onSignedIn={(user) => {
        focusHeadingAfterSignIn();
        navigate(defaultPathForRole(user.role), { replace: true });
      }}
    />
  );
}

const pageRoutes: RouteObject[] = PAGES.map((page) => ({
  path: page.path,
  lazy: async () => ({ Component: await page.load() }),
}));

export const router = createBrowserRouter([
  {
    Component: SessionGate,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: CenteredSpinner,
    children: [
      ...LOGIN_PATHS.map((path) => ({ path, Component: LoginRoute })),
      {
        // The shell and the pages load after sign-in: the login screen downloads none of them (docs/decisions/019).
        lazy: async () => ({ Component: (await import("./shell/app-shell")).AppShell }),
        children: [
          ...pageRoutes,
          { path: "*", lazy: async () => ({ Component: (await import("./routes/not-found")).NotFoundPage }) },
        ],
      },
    ],
  },
]);
