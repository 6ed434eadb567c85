/**
 * What the template editor's preview, its test e-mail and the page texts' check fill the variables
 * with, and how they refuse a template the sandbox could not render.
 */
import type { TemplateVariables } from '#core/email/review-email';
import { liquidFault, liquidPlace } from '#core/email/liquid-syntax-messages';
import { DomainError } from '../domain-error';
import { templateEditorMessages as t } from '../messages/template-editor';
import type { TemplateProblem } from './sandbox';

export function appBase(appUrl: string): string {
  return appUrl.replace(/\/+$/, '');
}

/** The spec's sample: a customer, the store's own name, an order, and an example review link. */
export function sampleVariables(appUrl: string, storeName: string): TemplateVariables {
  return { customer_name: t.sample.customerName, store_name: storeName, order_number: t.sample.orderNumber, review_link: `${appBase(appUrl)}/review/exemple` };
}

/** Which merchant-written text was rendered: the template, or one of the page texts around it. */
export type TemplatePart = 'template' | 'email_greeting' | 'email_closing';

const LIMIT_CODES = { size: 'template_too_large', time: 'template_too_slow', memory: 'template_too_complex' } as const;

/**
 * The refusal of a template the sandbox could not render (decision 019): Liquid's error, or the limit
 * it went beyond, naming the part (a page text's refusal points at its field).
 */
export function templateRefusal(problem: TemplateProblem, part: TemplatePart): DomainError {
  const field = part === 'template' ? undefined : part;
  if (problem.kind === 'invalid') {
    // Said in French, where and what; the place also goes as data, for a form to point at.
    const { syntax } = problem;
    const [place, fault] = [liquidPlace(syntax), liquidFault(syntax)];
    const position = syntax.line !== null && syntax.column !== null ? { line: syntax.line, column: syntax.column } : undefined;
    if (part === 'template') return new DomainError('template_invalid', { values: { place, fault }, position });
    return new DomainError('invalid_input', { field, message: part === 'email_greeting' ? t.greetingInvalid(place, fault) : t.closingInvalid(place, fault), position });
  }
  return new DomainError(LIMIT_CODES[problem.kind], { field, values: { part } });
}
