import { MSG, type CurrentUser } from "@clinora/contracts";
import { CircleAlert, Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { loginErrorMessage, useLogin } from "../api/login";

interface LoginValues {
  email: string;
  password: string;
}

const loadLoginResolver = () => import("../api/login-resolver");

function preloadLoginResolver(): void {
  loadLoginResolver().catch(() => undefined);
}

/**
 * Validates with the shared schema (api/login-resolver.ts), loaded on first use. The form asks for it when it first
 * gets the focus, so it is there before anyone submits; if it cannot be fetched, the form shows the network error.
 */
const lazyLoginResolver: Resolver<LoginValues> = async (values, context, options) => {
  try {
    const { loginResolver } = await loadLoginResolver();
    return await loginResolver(values, context, options);
  } catch (error) {
    console.error(error);
    return { values: {}, errors: { root: { type: "network", message: MSG.networkError } } };
  }
};

export interface LoginFormProps {
  onSignedIn: (user: CurrentUser) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const loginMutation = useLogin();
  const form = useForm<LoginValues>({
    resolver: lazyLoginResolver,
    defaultValues: { email: "", password: "" },
  });


  // docs/product/accounts-and-access.md §8: every login error shows as a toast and, here, next to the form.
  const fail = (message: string) => {
    setError(message);
    toast.error(message);
  };

  const onValid = async (values: LoginValues) => {
    setError(null);
    try {
      const { user } = await loginMutation.mutateAsync(values);
      toast.success("Bem-vindo ao Clinora!");
      onSignedIn(user);
    } catch (caught) {
      fail(loginErrorMessage(caught));
    }
  };

  const onInvalid = (errors: FieldErrors<LoginValues>) => {
    fail(errors.email?.message ?? errors.password?.message ?? errors.root?.message ?? MSG.loginEmptyFields);
  };

  const busy = form.formState.isSubmitting || loginMutation.isPending;
  const emailInvalid = Boolean(form.formState.errors.email);
  const passwordInvalid = Boolean(form.formState.errors.password);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      // While the user types: the validation and the libraries the next screens use (docs/decisions/019).
      onFocus={preloadLoginResolver}
      className="space-y-5"
    >
      {error ? (
        <div
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </div>
      ) : null}

      <div className="space-y-1.5">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="seu@email.com.br"
          aria-invalid={emailInvalid || undefined}
          disabled={busy}
          {...form.register("email")}
        />
      </div>

      <div className="space-y-1.5">
        <Label htmlFor="login-password">Senha</Label>
        <div className="relative">
          <Input
            id="login-password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            placeholder="Sua senha"
            className="pr-11"
            aria-invalid={passwordInvalid || undefined}
            disabled={busy}
            {...form.register("password")}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={showPassword ? "Ocultar senha" : "Mostrar senha"}
            aria-pressed={showPassword}
            className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            {showPassword ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
          </button>
        </div>
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? "Entrando..." : "Entrar"}
      </Button>
    </form>
  );
}
