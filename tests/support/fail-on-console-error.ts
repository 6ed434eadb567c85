// Setup file of the node projects: a console.error during a test fails it (src/web/test/setup.ts
// does the same for the web tests, with console.warn too).
import { failOnConsole } from './fail-on-console';

failOnConsole('error');
