/**
 * Process entry: `node dist/server/main.js --role=all|web|worker` (npm start, start:web,
 * start:worker; tsx runs this file in development). It refuses an unsupported Node.js with one line
 * before it loads anything else, then starts the server (serve.ts).
 */
import { runtimeProblem } from './runtime';

const problem = runtimeProblem(process.version);
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import('./serve');
