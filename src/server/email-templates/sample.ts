/** What the template editor's preview, its test e-mail and the page texts' check fill the variables with. */
import type { TemplateError, TemplateVariables } from '../../core/email/review-email';
import { templateEditorMessages as t } from '../messages/template-editor';

export function appBase(appUrl: string): string {
  return appUrl.replace(/\/+$/, '');
}

/** The spec's sample: a customer, the store's own name, an order, and an example review link. */
export function sampleVariables(appUrl: string, storeName: string): TemplateVariables {
  return { customer_name: t.sample.customerName, store_name: storeName, order_number: t.sample.orderNumber, review_link: `${appBase(appUrl)}/review/exemple` };
}

/** Liquid's complaint, short enough for a sentence: its first line, without the source excerpt it may carry. */
export function shortDetail(error: TemplateError): string {
  const line = (error.message.split('\n')[0] ?? '').trim();
  return line.length > 120 ? `${line.slice(0, 117)}…` : line;
}
