/** `npm run build -w @clinora/server` (part of `npm start`): writes dist/server.js, the bundle `npm start` runs. */
import path from "node:path";
import { buildServerBundle } from "./server-bundle";

buildServerBundle().then(
  (file) => console.log(`Servidor compilado: ${path.relative(process.cwd(), file)}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
