import { MSG, type User } from "@clinora/contracts";
import { LoaderCircle, Save } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { useSaveUserNotes } from "../api/user-mutations";

/** Administrative notes, 6 rows, 'Salvar notas' (docs/product/admin.md §2.6). */
export function UserNotesCard({ user }: { user: User }) {
  const saveNotes = useSaveUserNotes();
  const [notes, setNotes] = useState(user.notes ?? "");
  const unchanged = notes === (user.notes ?? "");

  const save = () => {
    // docs/product/admin.md §5: saving notes needs an identified user.
    if (!user.id) {
      toast.error(MSG.notesUserMissing);
      return;
    }
    saveNotes.mutate({ id: user.id, notes });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <label htmlFor="user-admin-notes">Notas administrativas</label>
        </CardTitle>
        <CardDescription>Visíveis apenas para administradores.</CardDescription>
      </CardHeader>
      <CardContent>
        <Textarea id="user-admin-notes" rows={6} value={notes} onChange={(event) => setNotes(event.target.value)} placeholder="Anotações sobre esta conta..." />
      </CardContent>
      <CardFooter className="justify-end">
        <Button onClick={save} disabled={saveNotes.isPending || unchanged} className="w-full sm:w-auto">
          {saveNotes.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Save aria-hidden />}
          Salvar notas
        </Button>
      </CardFooter>
    </Card>
  );
}
