// `npm run dev`: the API with reload on port 3000 and Vite with hot reload on 5173 (open that one).
import { spawn } from "node:child_process";

const children = [
  spawn("node", ["--import", "tsx", "--watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PUBLIC_URL: "http://localhost:5173" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
console.log("Bemanna dev: open http://localhost:5173");
