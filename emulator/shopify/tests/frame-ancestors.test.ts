// The frame check of the local admin (embedded/frame-ancestors.ts): what a browser decides from the
// framed document's Content-Security-Policy, stricter on a missing directive.
import { describe, expect, it } from 'vitest';
import { frameAncestorsAllow, frameAncestorsLists } from '../embedded/frame-ancestors';

const ADMIN = 'http://localhost:3000';
const DOC = 'http://localhost:3000/app/dashboard?embedded=1';
const allow = (csp: string | string[] | null, admin = ADMIN, doc = DOC) => frameAncestorsAllow(csp, admin, doc);

describe('frame-ancestors, as the local admin reads it', () => {
  it("allows 'self' when the admin has the document's origin (the emulator mounted on the app)", () => {
    expect(allow("frame-ancestors 'self'")).toEqual({ allowed: true });
    expect(allow("default-src 'self'; frame-ancestors 'self' https://maison-lumiere.myshopify.com https://admin.shopify.com")).toEqual({ allowed: true });
    expect(allow("FRAME-ANCESTORS 'SELF'")).toEqual({ allowed: true });
    // 'self' is the framed document's origin, not the admin's.
    expect(allow("frame-ancestors 'self'", 'http://localhost:4000')).toEqual({ allowed: false, reason: 'not_listed' });
  });

  it("allows an explicit source equal to the admin's origin", () => {
    expect(allow('frame-ancestors http://localhost:3000')).toEqual({ allowed: true });
    expect(allow('frame-ancestors http://localhost:3000/')).toEqual({ allowed: true });
    expect(allow('frame-ancestors localhost:3000')).toEqual({ allowed: true });
    expect(allow('frame-ancestors http://localhost:*')).toEqual({ allowed: true });
    expect(allow('frame-ancestors http:')).toEqual({ allowed: true });
    expect(allow('frame-ancestors *')).toEqual({ allowed: true });
    expect(allow('frame-ancestors https://*.example.com', 'https://admin.example.com', 'https://app.example.com/')).toEqual({ allowed: true });
    expect(allow('frame-ancestors http://admin.example.com', 'https://admin.example.com', 'https://app.example.com/')).toEqual({ allowed: true });
  });

  it('refuses the production policy, which names only the shop and Shopify', () => {
    expect(allow('frame-ancestors https://maison-lumiere.myshopify.com https://admin.shopify.com')).toEqual({ allowed: false, reason: 'not_listed' });
    expect(allow('frame-ancestors http://localhost:4000')).toEqual({ allowed: false, reason: 'not_listed' });
    expect(allow('frame-ancestors https://localhost:3000')).toEqual({ allowed: false, reason: 'not_listed' });
    expect(allow('frame-ancestors http://localhost')).toEqual({ allowed: false, reason: 'not_listed' });
    expect(allow('frame-ancestors *.localhost:3000')).toEqual({ allowed: false, reason: 'not_listed' });
    expect(allow("frame-ancestors 'unsafe-inline'")).toEqual({ allowed: false, reason: 'not_listed' });
  });

  it("refuses 'none', an empty directive and a missing one", () => {
    expect(allow("frame-ancestors 'none'")).toEqual({ allowed: false, reason: 'none' });
    expect(allow("frame-ancestors 'self' 'none'")).toEqual({ allowed: false, reason: 'none' });
    expect(allow('frame-ancestors; default-src *')).toEqual({ allowed: false, reason: 'none' });
    expect(allow("default-src 'self'")).toEqual({ allowed: false, reason: 'missing' });
    expect(allow(null)).toEqual({ allowed: false, reason: 'missing' });
    expect(allow('')).toEqual({ allowed: false, reason: 'missing' });
  });

  it('applies every policy: one that refuses wins, in one header or several', () => {
    expect(allow("frame-ancestors 'self', frame-ancestors 'none'")).toEqual({ allowed: false, reason: 'none' });
    expect(allow(["frame-ancestors 'self'", "frame-ancestors 'none'"])).toEqual({ allowed: false, reason: 'none' });
    expect(allow(["frame-ancestors 'self'", "default-src 'self'"])).toEqual({ allowed: true });
    // Within one policy the first occurrence of the directive counts.
    expect(frameAncestorsLists("frame-ancestors 'self'; frame-ancestors 'none'")).toEqual([["'self'"]]);
  });
});
