// The app's configuration as the Partner Dashboard holds it: its name, its compliance webhooks'
// address, and what Shopify approved of protected customer data.
import type { EmulatorCore } from '../core';
import type { AppConfigRecord, ProtectedCustomerDataApproval, ProtectedField } from '../types';
import { EmulatorError, NO_PROTECTED_DATA, PROTECTED_FIELDS, assertHttpUrl } from './shared';

export function defaultAppConfig(core: EmulatorCore): AppConfigRecord {
  return {
    name: core.app.name ?? 'Mon application',
    complianceUri: `${new URL(core.app.installUrl).origin}/webhooks/shopify`,
    protectedCustomerData: core.app.protectedCustomerData ?? NO_PROTECTED_DATA,
  };
}

export function setAppConfig(core: EmulatorCore, input: Partial<AppConfigRecord>): AppConfigRecord {
  if (input.complianceUri !== undefined) assertHttpUrl(input.complianceUri, 'complianceUri');
  const next = { ...input };
  if (input.protectedCustomerData !== undefined) next.protectedCustomerData = checkApproval(input.protectedCustomerData);
  Object.assign(core.state.app, next);
  core.commit();
  return { ...core.state.app };
}

export function protectedData(core: EmulatorCore): ProtectedCustomerDataApproval {
  return core.state.app.protectedCustomerData ?? NO_PROTECTED_DATA;
}

/** Level 1: customer data (orders, customers) without the protected fields. */
export function approvesCustomerData(core: EmulatorCore): boolean {
  return core.protectedData.level >= 1;
}

/** Level 2 with this field. */
export function approvesField(core: EmulatorCore, field: ProtectedField): boolean {
  return core.protectedData.level >= 2 && core.protectedData.fields.includes(field);
}

/** A valid approval: a known level, known fields, and fields only at level 2. */
export function checkApproval(input: ProtectedCustomerDataApproval): ProtectedCustomerDataApproval {
  if (![0, 1, 2].includes(input.level)) throw new EmulatorError(400, 'protectedCustomerData.level must be 0, 1 or 2');
  const unknown = input.fields.filter((f) => !PROTECTED_FIELDS.includes(f));
  if (unknown.length > 0) throw new EmulatorError(400, `unknown protected fields: ${unknown.join(', ')} (name, email, phone, address)`);
  return { level: input.level, fields: input.level === 2 ? [...new Set(input.fields)] : [] };
}
