import { useRef } from "react";
import { Link, Outlet, useNavigation } from "react-router";
import { BrandLogo } from "@/components/ui/brand-logo";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { useFocusHeadingOnNavigation } from "@/hooks/use-focus-heading-on-navigation";
import { defaultPathForRole } from "../route-table";
import { MobileMenu } from "./mobile-menu";
import { SidebarContent } from "./sidebar-content";

const MAIN_ID = "conteudo";

/**
 * Authenticated layout (docs/product/accounts-and-access.md §2.2): sidebar from lg up, top bar with a slide-over menu below. A skip link
 * comes first in the Tab order, and each change of page moves focus to the new page's heading.
 */
export function AppShell() {
  const user = useCurrentUser();
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);

  return (
    <div className="min-h-dvh">
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          // Focus without touching the URL: a hash would be one more history entry.
          event.preventDefault();
          main.current?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2.5 focus:text-sm focus:font-medium focus:text-brand-800 focus:shadow-lg focus:ring-2 focus:ring-brand-500 focus:outline-none"
      >
        Pular para o conteúdo
      </a>
      {navigation.state !== "idle" ? (
        <div role="progressbar" aria-label="Carregando página" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
          <div className="h-full w-2/5 animate-progress bg-brand-500" />
        </div>
      ) : null}

      <aside className="hidden border-r border-slate-200 bg-white lg:fixed lg:inset-y-0 lg:flex lg:w-(--sidebar-width) lg:flex-col">
        <SidebarContent />
      </aside>

      <div className="lg:pl-(--sidebar-width)">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 lg:hidden">
          <MobileMenu />
          <Link
            to={defaultPathForRole(user.role)}
            className="rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <BrandLogo />
          </Link>
        </header>

        <main
          ref={main}
          id={MAIN_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
