/**
 * One browser suite: starts the app and Chromium before the file's tests, opens tracked pages,
 * fails a test whose page logged an error, and stops everything afterwards.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DESKTOP, launchBrowser, openPage, type TrackedPage } from './browser';
import { startApp, type RunningApp } from './server';

export interface BrowserSuite {
  readonly app: RunningApp;
  readonly browser: Browser;
  /** A fresh page in a fresh context; closed and checked for errors after the test. */
  page(viewport?: { width: number; height: number }): Promise<TrackedPage>;
}

export function browserSuite(env: Record<string, string> = {}): BrowserSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let opened: TrackedPage[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  afterEach(async () => {
    const errors = opened.flatMap((p) => p.errors);
    await Promise.all(opened.map((p) => p.close()));
    opened = [];
    expect(errors).toEqual([]);
  });

  return {
    get app() {
      return app!;
    },
    get browser() {
      return browser!;
    },
    async page(viewport = DESKTOP) {
      const tracked = await openPage(browser!, viewport);
      opened.push(tracked);
      return tracked;
    },
  };
}
