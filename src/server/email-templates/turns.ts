/**
 * A merchant's request that renders in the template sandbox takes one of its store's places there
 * first (sandbox.ts `admit`, decision 046): the editor's save and preview, its test e-mail, the page
 * texts' save and the deliverability self-test. When the store's places are all taken, the request is
 * refused at once, before it reads or renders anything: 429 `template_queue_full`, in French, with
 * Retry-After. In front of it, routes.ts counts the same requests per browser session before even the
 * session is read (sessionTemplateGate).
 */
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { SandboxBusyError } from './sandbox';

export async function inTemplateTurn<T>(ctx: AppContext, storeId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await ctx.templates.admit(storeId, work);
  } catch (error) {
    if (error instanceof SandboxBusyError) throw new DomainError('template_queue_full', { retryAfterSeconds: error.retryAfterSeconds });
    throw error;
  }
}
