import { TriangleAlert } from "lucide-react";
import { useRouteError } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * Last-resort screen for an error thrown while rendering or loading a route, typically a page bundle that
 * no longer exists after a new deploy; a reload fixes that.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="flex min-h-dvh items-center justify-center px-6">
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
          <TriangleAlert aria-hidden className="size-8" />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900">Algo deu errado</h1>
        <p className="mt-3 text-slate-500">Não foi possível exibir esta página. Recarregue para tentar novamente.</p>
        <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
          Recarregar
        </Button>
      </div>
    </div>
  );
}
