// shopify.app.toml is what Shopify knows of the app once deployed: it must say what the code does
// (scopes, API version, where Shopify sends the merchant and the webhooks), or a real install breaks
// in ways the emulator cannot show.
import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { shopifyAuthCallback } from '#core/api/shopify';
import { APP_PROXY } from '#core/storefront';
import { publicRoutes } from '#core/routes';
import type { AppContext } from '#server/context';
import { loadConfig } from '#server/config';
import { COMPLIANCE_TOPICS, webhookAddress } from '#server/shopify/webhook-subscriptions';

interface AppToml {
  name: string;
  client_id: string;
  application_url: string;
  embedded: boolean;
  access_scopes: { scopes: string; use_legacy_install_flow?: boolean };
  auth: { redirect_urls: string[] };
  webhooks: { api_version: string; subscriptions: { topics?: string[]; compliance_topics?: string[]; uri: string }[] };
  app_proxy: { url: string; prefix: string; subpath: string };
}

const toml = parse(readFileSync(new URL('../../shopify.app.toml', import.meta.url), 'utf8')) as unknown as AppToml;
const config = loadConfig({});
const HOST = 'https://app.example.com';
const scopes = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .sort();

describe('shopify.app.toml', () => {
  it('asks for the scopes the app is configured with, and no more', () => {
    expect(scopes(toml.access_scopes.scopes)).toEqual(scopes(config.shopify.scopes));
  });

  it('opens in the Shopify admin, and installs through its own authorization code grant (decision 053)', () => {
    expect(toml.embedded).toBe(true);
    expect(toml.access_scopes.use_legacy_install_flow).toBe(true);
  });

  it('sends installs to the entry screen and OAuth back to the callback the server serves', () => {
    const entry = new URL(toml.application_url).pathname;
    expect(entry).toBe('/shopify/entry');
    expect(publicRoutes).toContain(entry);
    expect(toml.auth.redirect_urls).toEqual([`${HOST}${shopifyAuthCallback.path}`]);
  });

  it('uses the API version the app calls', () => {
    expect(toml.webhooks.api_version).toBe(config.shopify.apiVersion);
  });

  it('declares the three compliance topics at the address the app listens on, and nothing the app subscribes by API', () => {
    const address = webhookAddress({ config: { appUrl: HOST } } as AppContext);
    expect(toml.webhooks.subscriptions).toEqual([{ compliance_topics: [...COMPLIANCE_TOPICS], uri: address }]);
  });

  it('uses one host everywhere', () => {
    const urls = [toml.application_url, ...toml.auth.redirect_urls, ...toml.webhooks.subscriptions.map((s) => s.uri)];
    expect(new Set(urls.map((u) => new URL(u).origin))).toEqual(new Set([HOST]));
  });

  it('declares the app proxy the storefront block and the server use (decision 028)', () => {
    expect(toml.app_proxy).toEqual({ url: `${HOST}${APP_PROXY.path}`, prefix: APP_PROXY.prefix, subpath: APP_PROXY.subpath });
  });

  it('asks write_app_proxy, which Shopify requires of an app that configures an app proxy (decision 043)', () => {
    expect(scopes(toml.access_scopes.scopes)).toContain('write_app_proxy');
    expect(scopes(config.shopify.scopes)).toContain('write_app_proxy');
  });
});
