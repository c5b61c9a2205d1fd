import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useCurrentUser } from "@/features/auth/hooks/use-current-user";
import { defaultPathForRole } from "../route-table";

/** Unknown path inside the shell (docs/product/accounts-and-access.md §2.2). */
export function NotFoundPage() {
  const user = useCurrentUser();
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <title>Página não encontrada | Clinora</title>
      <div className="animate-fade-in-up flex max-w-md flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
          <SearchX aria-hidden className="size-8" />
        </span>
        <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700">Erro 404</p>
        <h1 tabIndex={-1} className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 focus:outline-none sm:text-3xl">
          Página não encontrada
        </h1>
        <p className="mt-3 text-slate-500">O endereço que você acessou não existe ou não está mais disponível.</p>
        <Button asChild size="lg" className="mt-8">
          <Link to={defaultPathForRole(user.role)}>Voltar ao painel</Link>
        </Button>
      </div>
    </div>
  );
}
