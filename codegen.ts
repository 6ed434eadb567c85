// GraphQL Code Generator's configuration (npm run shopify:types). It lives in
// tests/shopify/admin-codegen.ts, beside the schema loader it uses, so that
// tests/shopify/admin-types.test.ts runs the very same configuration to find a stale output.
export { default } from './tests/shopify/admin-codegen';
