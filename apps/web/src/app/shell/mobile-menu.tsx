import { Menu, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { SidebarContent } from "./sidebar-content";

/**
 * Slide-over menu for screens narrower than the desktop sidebar breakpoint (lg). 18 rem wide, at most the screen less
 * 48 px of page to tap out: at 200 % text on a 390-px phone that is 342 px, room for "Configurações" on one line.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  // Closed by following a link: focus goes to the new page's heading (AppShell), not back to "Abrir menu".
  const navigated = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Abrir menu" className="-ml-2 [&_svg]:size-6">
          <Menu aria-hidden />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!navigated.current) return;
            navigated.current = false;
            event.preventDefault();
            // The same page again (no change of page to move focus): its heading all the same.
            if (document.activeElement === document.body) document.querySelector<HTMLElement>("main h1")?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[calc(100vw-48px)] bg-white shadow-2xl focus:outline-none data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left lg:hidden"
        >
          <Dialog.Title className="sr-only">Menu de navegação</Dialog.Title>
          <SidebarContent
            onNavigate={() => {
              navigated.current = true;
              setOpen(false);
            }}
            headerAction={
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Fechar menu">
                  <X aria-hidden />
                </Button>
              </Dialog.Close>
            }
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
