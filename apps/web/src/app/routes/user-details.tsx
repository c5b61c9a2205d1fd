import { MSG } from "@clinora/contracts";
import { ArrowLeft, Pencil, UserX } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { LoadingState } from "@/components/ui/loading-state";
import { PageHeader } from "@/components/ui/page-header";
import { useUser, useUserProfessionalOverview } from "@/features/users/api/users";
import { ActionHistoryCard } from "@/features/users/components/action-history-card";
import { ProfessionalCounters } from "@/features/users/components/professional-counters";
import { UserHeaderCard } from "@/features/users/components/user-header-card";
import { UserNotesCard } from "@/features/users/components/user-notes-card";
import { UserProfessionalCard } from "@/features/users/components/user-professional-card";
import { usersPagePath } from "@/features/users/lib/user-paths";
import { useErrorToast } from "@/hooks/use-error-toast";
import { isApiError } from "@/lib/api-client";

/** SuperAdminUserDetails: the user comes from the `userId` query parameter (docs/product/admin.md §2.6). */
export function UserDetailsPage() {
  const [searchParams] = useSearchParams();
  const userId = searchParams.get("userId");
  return userId ? <UserDetails key={userId} userId={userId} /> : <UserNotFound />;
}

/** A missing or malformed id is "not found" as well. */
const isNotFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 422);

function UserDetails({ userId }: { userId: string }) {
  // The user and the professional's record with its counters load in parallel (docs/product/admin.md §7).
  const user = useUser(userId);
  const overview = useUserProfessionalOverview(userId);
  useErrorToast((user.isError && !isNotFound(user.error)) || (overview.isError && !isNotFound(overview.error)), MSG.detailsLoadError);

  if (user.isPending) return <LoadingState text="Carregando usuário..." className="py-24" />;
  if (user.isError) {
    if (isNotFound(user.error)) return <UserNotFound />;
    return (
      <Card>
        <ErrorState message={MSG.detailsLoadError} onRetry={() => void user.refetch()} retrying={user.isFetching} />
      </Card>
    );
  }

  const professional = overview.data?.professional ?? null;
  const actions = user.data.admin_actions ?? [];
  return (
    <>
      <DetailsHeader />
      <div className="space-y-6">
        <UserHeaderCard user={user.data} />
        {professional && overview.data ? (
          <>
            <UserProfessionalCard professional={professional} />
            <ProfessionalCounters counters={overview.data.counters} />
          </>
        ) : overview.isPending ? (
          <LoadingState text="Carregando dados do profissional..." className="py-8" />
        ) : null}
        <div className="grid gap-6 lg:grid-cols-2">
          <UserNotesCard key={user.data.notes ?? ""} user={user.data} />
          {actions.length > 0 ? <ActionHistoryCard actions={actions} /> : null}
        </div>
      </div>
    </>
  );
}

function DetailsHeader() {
  return (
    <div className="mb-6 flex items-start gap-3 lg:mb-8">
      <Button asChild variant="ghost" size="icon" className="mt-0.5 shrink-0">
        <Link to={usersPagePath()} aria-label="Voltar para a lista de usuários">
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
      <PageHeader
        title="Detalhes do usuário"
        description="Conta, profissional vinculado, notas e histórico"
        className="mb-0 flex-1 lg:mb-0"
        actions={
          <Button asChild variant="outline">
            <Link to={usersPagePath()}>
              <Pencil aria-hidden />
              Editar usuário
            </Link>
          </Button>
        }
      />
    </div>
  );
}

function UserNotFound() {
  return (
    <Card>
      <EmptyState
        icon={UserX}
        title="Usuário não encontrado"
        action={
          <Button asChild variant="outline">
            <Link to={usersPagePath()}>
              <ArrowLeft aria-hidden />
              Voltar
            </Link>
          </Button>
        }
      />
    </Card>
  );
}
