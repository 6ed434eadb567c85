/**
 * A template sandbox process (started by sandbox.ts; compiled to dist/server/template-worker.js):
 * renders review e-mails with the function every e-mail is made by, under the core's RENDER_LIMITS,
 * inside the heap limit and deadline its parent set. Templates are parsed once per process
 * (review-email.ts keeps them). It answers its parent over the IPC channel and nothing else.
 */
import { renderReviewEmail, TemplateError, TemplateLimitError } from '#core/email/review-email';
import { liquidSyntaxProblem } from '#core/email/liquid-syntax';
import type { SandboxOutcome, SandboxReply, SandboxRequest, TemplateProblem } from './sandbox';

const send = process.send?.bind(process);
if (!send) throw new Error('sandbox-worker.ts runs as a sandbox process (sandbox.ts starts it)');

function renderAll(request: SandboxRequest): SandboxOutcome[] {
  const outcomes: SandboxOutcome[] = [];
  let limit: TemplateProblem | null = null;
  for (const email of request.emails) {
    // One e-mail beyond a limit is enough: the others of this template answer the same, unrendered.
    if (limit) {
      outcomes.push({ ok: false, problem: limit });
      continue;
    }
    try {
      outcomes.push({
        ok: true,
        email: renderReviewEmail({
          template: request.template,
          branding: request.branding,
          greeting: request.greeting,
          closing: request.closing,
          language: request.language,
          variables: email.variables,
          unsubscribeUrl: email.unsubscribeUrl,
          openPixelUrl: email.openPixelUrl,
          reminder: email.reminder,
        }),
      });
    } catch (error) {
      if (error instanceof TemplateLimitError) outcomes.push({ ok: false, problem: (limit = { kind: error.limit }) });
      else if (error instanceof TemplateError) outcomes.push({ ok: false, problem: { kind: 'invalid', syntax: error.syntax ?? liquidSyntaxProblem(error) } });
      else throw error;
    }
  }
  return outcomes;
}

process.on('message', (request: SandboxRequest) => {
  let reply: SandboxReply;
  try {
    reply = { id: request.id, outcomes: renderAll(request) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  send(reply);
});
// The parent gone, nothing is left to do.
process.on('disconnect', () => process.exit(0));
send({ ready: true } satisfies SandboxReply);
