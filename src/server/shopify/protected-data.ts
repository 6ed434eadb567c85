/**
 * What the app asks Shopify for of its merchants' customers' protected data (Partner Dashboard → API
 * access → Protected customer data access; docs/deployment.md). Level 2, with two fields:
 * - email: where the review request is sent;
 * - name: the e-mail's greeting and the review's author.
 * Not the phone, not the address. The local emulator approves exactly this (integration.ts), so a
 * protected field read without asking for it fails in development; tests/shopify checks that the
 * GraphQL documents select no protected field beyond it.
 */
import { PROTECTED_CUSTOMER_FIELDS } from '#core/api/shopify';

export const PROTECTED_CUSTOMER_DATA_REQUEST = { level: 2, fields: PROTECTED_CUSTOMER_FIELDS } as const;
