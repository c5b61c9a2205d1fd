import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "@/app/providers";
import { router } from "@/app/router";
import "@/index.css";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");

// The first render runs inside startTransition, which React splits into short tasks instead of one long one, so the
// page answers input while it starts (docs/decisions/019-web-first-load.md).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
