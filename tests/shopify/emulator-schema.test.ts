// The emulator's GraphQL schema against the one Shopify publishes: what the emulator declares must
// exist on Shopify with the same shape (type, nullability, arguments, deprecation), so a document
// that works on the emulator works on Shopify. The emulator may declare less (subsets of enums,
// unions, fields); every other difference is listed below with its reason, and the list must stay true.
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { SDL, schema as emulatorSchema } from '#emulator/shopify/graphql/schema';
import { loadConfig } from '#server/config';
import { loadShopifySchema } from './shopify-schema';

/** Deliberate differences, each with why it is kept. */
const ALLOWED: Record<string, string> = {};

const kind = (t: GraphQLNamedType) =>
  isObjectType(t) ? 'object' : isInterfaceType(t) ? 'interface' : isUnionType(t) ? 'union' : isEnumType(t) ? 'enum' : isInputObjectType(t) ? 'input' : 'scalar';

function compare(emulator: GraphQLSchema, shopify: GraphQLSchema): string[] {
  const differences: string[] = [];
  for (const type of Object.values(emulator.getTypeMap())) {
    if (type.name.startsWith('__') || (isScalarType(type) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name))) continue;
    const real = shopify.getType(type.name);
    if (!real) {
      differences.push(`${type.name}: not in Shopify's schema`);
      continue;
    }
    if (kind(type) !== kind(real)) {
      differences.push(`${type.name}: ${kind(type)} here, ${kind(real)} on Shopify`);
      continue;
    }
    if ((isObjectType(type) || isInterfaceType(type)) && (isObjectType(real) || isInterfaceType(real))) {
      const realInterfaces = new Set(real.getInterfaces().map((i) => i.name));
      for (const i of type.getInterfaces()) if (!realInterfaces.has(i.name)) differences.push(`${type.name}: implements ${i.name}, Shopify's does not`);
      const realFields = real.getFields();
      for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
        const other = realFields[field.name];
        const at = `${type.name}.${field.name}`;
        if (!other) {
          differences.push(`${at}: not on Shopify`);
          continue;
        }
        if (String(field.type) !== String(other.type)) differences.push(`${at}: ${String(field.type)} here, ${String(other.type)} on Shopify`);
        if (Boolean(field.deprecationReason) !== Boolean(other.deprecationReason))
          differences.push(`${at}: deprecated ${Boolean(field.deprecationReason)} here, ${Boolean(other.deprecationReason)} on Shopify`);
        for (const arg of field.args) {
          const realArg = other.args.find((a) => a.name === arg.name);
          if (!realArg) differences.push(`${at}(${arg.name}): not on Shopify`);
          else if (String(arg.type) !== String(realArg.type)) differences.push(`${at}(${arg.name}): ${String(arg.type)} here, ${String(realArg.type)} on Shopify`);
        }
        for (const realArg of other.args) {
          if (String(realArg.type).endsWith('!') && realArg.defaultValue === undefined && !field.args.some((a) => a.name === realArg.name)) {
            differences.push(`${at}(${realArg.name}): required on Shopify, missing here`);
          }
        }
      }
    }
    if (isInputObjectType(type) && isInputObjectType(real)) {
      const realFields = real.getFields();
      for (const field of Object.values(type.getFields()) as GraphQLInputField[]) {
        const other = realFields[field.name];
        if (!other) differences.push(`${type.name}.${field.name}: not on Shopify`);
        else if (String(field.type) !== String(other.type)) differences.push(`${type.name}.${field.name}: ${String(field.type)} here, ${String(other.type)} on Shopify`);
      }
    }
    if (isEnumType(type) && isEnumType(real)) {
      const values = new Set(real.getValues().map((v) => v.name));
      for (const v of type.getValues()) if (!values.has(v.name)) differences.push(`${type.name}.${v.name}: enum value not on Shopify`);
    }
    if (isUnionType(type) && isUnionType(real)) {
      const members = new Set(real.getTypes().map((t) => t.name));
      for (const t of type.getTypes()) if (!members.has(t.name)) differences.push(`${type.name}: member ${t.name} not on Shopify`);
    }
  }
  // Root fields the emulator answers must be Shopify's too.
  for (const root of ['Query', 'Mutation'] as const) {
    const mine = root === 'Query' ? emulator.getQueryType() : emulator.getMutationType();
    const theirs = root === 'Query' ? shopify.getQueryType() : shopify.getMutationType();
    for (const name of Object.keys(mine?.getFields() ?? {})) if (!theirs?.getFields()[name]) differences.push(`${root}.${name}: not on Shopify`);
  }
  return differences.sort();
}

describe("the emulator's schema against Shopify's", () => {
  const version = loadConfig({}).shopify.apiVersion;
  const shopify = loadShopifySchema(version).schema;
  const differences = compare(emulatorSchema, shopify);

  it(`declares nothing Shopify ${version} does not have, with the same shapes (deliberate differences listed)`, () => {
    expect(differences.filter((d) => !ALLOWED[d])).toEqual([]);
  });

  it('lists only differences that still exist', () => {
    expect(Object.keys(ALLOWED).filter((d) => !differences.includes(d))).toEqual([]);
  });

  it('is a real comparison: a field Shopify lacks, a changed nullability or a lost deprecation is caught', () => {
    const altered = buildSchema(SDL.replace('  test: Boolean!\n', '  test: Boolean\n  testing: Boolean!\n').replace(' @deprecated(reason: "Use `uri` instead.")', ''));
    expect(compare(altered, shopify)).toEqual([
      'Order.test: Boolean here, Boolean! on Shopify',
      'Order.testing: not on Shopify',
      'WebhookSubscription.callbackUrl: deprecated false here, true on Shopify',
    ]);
  });
});
