import { ROLE_LABELS } from "@clinora/contracts";
import { LogOut } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { BrandLogo } from "@/components/ui/brand-logo";
import { Button } from "@/components/ui/button";
import { logout } from "@/features/auth/api/auth";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { cn } from "@/lib/cn";
import { activeMenuPage, defaultPathForRole, menuForRole } from "../route-table";

/** Initials for the avatar, skipping titles such as "Dra." or "Dr.". */
function initialsOf(fullName: string): string {
  const words = fullName.split(/\s+/).filter((word) => word && !word.endsWith("."));
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

export interface SidebarContentProps {
  /** Called after a menu link is followed, so the mobile menu can close. */
  onNavigate?: () => void;
  /** At the end of the logo's row (the mobile menu's close button): beside the logo, never over it. */
  headerAction?: ReactNode;
}

/** Logo, role-filtered menu and user panel; shared by the desktop sidebar and the mobile menu. */
export function SidebarContent({ onNavigate, headerAction }: SidebarContentProps) {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const activePage = activeMenuPage(pathname);
  const [leaving, setLeaving] = useState(false);

  const handleLogout = () => {
    setLeaving(true);
    void logout();
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex min-h-16 shrink-0 flex-wrap items-center gap-2 border-b border-slate-100 px-5 py-2">
        <Link
          to={defaultPathForRole(user.role)}
          onClick={onNavigate}
          className="min-w-0 rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <BrandLogo />
        </Link>
        {headerAction ? <div className="ml-auto shrink-0">{headerAction}</div> : null}
      </div>

      {/*
        The menu's side padding, gaps and icons are in pixels, its labels in rem: at 200 % text only the words grow, so
        the longest label ("Compromissos", "Configurações") still fits on one line of the sidebar (--sidebar-width) and
        of the phone's slide-over, and a label wraps between words, never inside one (text-size-200.spec.ts).
      */}
      <nav aria-label="Menu principal" className="flex-1 overflow-y-auto px-[12px] py-5">
        <ul className="space-y-1">
          {menuForRole(user.role).map((page) => {
            const Icon = page.menu.icon;
            const active = page.name === activePage;
            return (
              <li key={page.name}>
                <Link
                  to={page.path}
                  onClick={onNavigate}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "group flex items-center gap-[12px] rounded-lg px-[12px] py-2.5 text-sm font-medium transition-colors",
                    "focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
                    active ? "bg-brand-100/70 text-brand-900" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                  )}
                >
                  <Icon
                    aria-hidden
                    className={cn(
                      "size-[20px] shrink-0",
                      active ? "text-brand-700" : "text-slate-400 group-hover:text-slate-600",
                    )}
                  />
                  {/* Past 200 % a word longer than the line still breaks rather than being cut; no hyphenation. */}
                  <span className="min-w-0 break-words">{page.menu.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="shrink-0 border-t border-slate-100 p-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
          >
            {initialsOf(user.full_name)}
          </span>
          <div className="min-w-0">
            <p className="text-sm leading-snug font-semibold break-words text-slate-900">{user.full_name}</p>
            <p className="text-xs break-words text-slate-500">{ROLE_LABELS[user.role]}</p>
          </div>
        </div>
        <Button variant="outline" className="mt-4 w-full" onClick={handleLogout} disabled={leaving}>
          <LogOut aria-hidden />
          Sair
        </Button>
      </div>
    </div>
  );
}
