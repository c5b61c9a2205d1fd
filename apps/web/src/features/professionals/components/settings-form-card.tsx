import { Save } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

export interface SettingsFormCardProps {
  title: string;
  description: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  children: ReactNode;
}

/** One settings group: a card holding a form with a single 'Salvar' button. */
export function SettingsFormCard({ title, description, onSubmit, saving, children }: SettingsFormCardProps) {
  return (
    <Card>
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={saving} className="w-full sm:w-auto">
            <Save aria-hidden />
            {saving ? "Salvando..." : "Salvar alterações"}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
