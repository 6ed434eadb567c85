/** Builds the web app when stale and checks that Debian's Chromium is installed. */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './browser';

export default function setup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" (.ci/run does).`);
  }
  execSync('node scripts/build-if-stale.mjs web', { stdio: 'inherit' });
}
