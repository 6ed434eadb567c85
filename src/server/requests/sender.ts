/**
 * The review-request sender (docs/decisions/008-send-ledger.md).
 *
 * 1. Claim: due requests are locked with FOR UPDATE SKIP LOCKED, the quotas are reserved, and each
 *    granted request becomes `processing` with a `reserved` row in the send ledger, in one transaction.
 * Between 1 and 2, the batch's e-mails are rendered in the template sandbox (decision 019), one call
 * per store and chunk of e-mails; a store whose template fails or goes beyond a limit has its e-mails
 * of the batch failed with the reason (not sent, quota given back), the other stores' go on.
 * 2. Send: per e-mail, the transport is called with a Message-ID derived from the request id; at the
 *    last moment before the message's data (SMTP: connection held, envelope accepted, DATA answered)
 *    the ledger moves to `transmitting`, only if still reserved by this worker.
 * 3. Complete: ledger and request become `sent`, or `failed` with the error kept and the quota given back.
 *
 * A worker that dies leaves ledger rows behind; after the lease another run resolves them:
 * `reserved` means the transport was never called (the e-mail is sent again, once); `transmitting`
 * asks the transport whether it accepted the Message-ID (the outbox knows; SMTP cannot tell, and
 * then the request is counted as sent rather than risk a second e-mail).
 *
 * A worker that stops (SIGTERM, `signal`) claims nothing more, lets the e-mails already handed over
 * finish, and releases at once what it claimed and did not hand over (decision 023).
 *
 * This file is the sender's API; the work is in sending/, one file per role, so that each stays
 * readable on its own: model.ts (what they share), claim.ts (1), render.ts (between 1 and 2),
 * run.ts (the lanes, 2), ledger.ts (2, 3 and the ways out), recovery.ts (the lease recovery).
 * Speed: decisions 030 and 047.
 */
export { fromHeader } from '../email/sender-identity';
export { messageIdFor, type QuotaExceeded, type SendHooks, type SendRunOptions, type SendRunResult } from './sending/model';
export { recoverAbandoned } from './sending/recovery';
export { runDueSends, sendBatch } from './sending/run';
