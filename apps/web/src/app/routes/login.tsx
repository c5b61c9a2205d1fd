import type { CurrentUser } from "@clinora/contracts";
import { BrandLogo } from "@/components/ui/brand-logo";
import { BrandPanel } from "@/features/auth/components/brand-panel";
import { LoginForm } from "@/features/auth/components/login-form";

export interface LoginPageProps {
  onSignedIn: (user: CurrentUser) => void;
}

/** Login screen at / and /login (docs/product/accounts-and-access.md §2.1). Accounts are created by an administrator only. */
export function LoginPage({ onSignedIn }: LoginPageProps) {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <title>Entrar | Clinora</title>
      <BrandPanel />

      <main className="flex items-center justify-center px-5 py-12 sm:px-8">
        <div className="w-full max-w-sm">
          <BrandLogo size="lg" className="lg:hidden" />

          <h1 className="mt-10 text-2xl font-semibold tracking-tight text-slate-900 lg:mt-0">Entrar no Clinora</h1>
          <p className="mt-2 text-sm text-slate-500">Acesse sua conta com o email e a senha cadastrados.</p>

          <div className="mt-8">
            <LoginForm onSignedIn={onSignedIn} />
          </div>

          <p className="mt-8 rounded-lg bg-slate-50 px-4 py-3 text-center text-sm text-slate-500 ring-1 ring-slate-100">
            Não tem uma conta? Entre em contato com o administrador da plataforma.
          </p>
        </div>
      </main>
    </div>
  );
}
