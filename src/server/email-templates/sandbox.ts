/**
 * The template sandbox (decision 019): merchant-written Liquid (templates, the page texts' greeting
 * and closing) is rendered only here, in separate processes, never on the thread that serves requests.
 *
 * - Each sandbox process has its own heap limit (--max-old-space-size): a template that needs more
 *   memory ends that process, not the server. (Worker threads were tried first: a single allocation
 *   past a worker's resourceLimits, such as flattening a string doubled by `{% capture %}`, is a
 *   fatal error of the whole process in V8, so threads do not contain it.)
 * - Each call has a wall-clock deadline (BASE_DEADLINE_MS plus RENDER_LIMITS.renderMs per e-mail);
 *   past it the process is killed mid-render and its e-mails answer 'time'. A process that died is
 *   replaced by the next call.
 * - Inside the process the core's RENDER_LIMITS apply first (the output cap, one time budget per
 *   e-mail, Liquid's parse and memory counts): most hostile templates stop there, cheaply.
 * - A call renders many e-mails of one template (the sender's batch of a store, in chunks of
 *   CHUNK_EMAILS), so a template is compiled once per process and a send pays one round trip per
 *   chunk, not per e-mail. Once an e-mail of a job goes beyond a limit, the job's other e-mails
 *   answer the same without rendering.
 * - Calls carry a key (the store): the key served least recently goes first, so one store's renders,
 *   however many or slow, only ever wait behind its own; and one key has at most
 *   SANDBOX_PER_KEY.running calls in the processes at once, so with two processes another store
 *   always finds one (decision 046). A key whose call ran out of time waits twice as long as that
 *   call took before its next one (SANDBOX_PACE): its runaway templates leave the cores to others.
 * - A merchant's request that renders (the editor, its test e-mail, the page texts, the self-test)
 *   takes one of its store's SANDBOX_PER_KEY.admitted places first (`admit`), before it reads or
 *   renders anything, and one more is refused at once: one store's saves, however many at once,
 *   cost the server and the processes a bounded amount of work (decision 046).
 * - A sandbox process gets no environment but NODE_ENV: no secret, no database address.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CustomerLanguage } from '#core/customer-language';
import { RENDER_LIMITS, type TemplateLimit } from '#core/email/render-limits';
import type { RenderedEmail, ReviewEmailBranding, ReviewEmailTemplate, TemplateVariables } from '#core/email/review-email';
import type { LiquidSyntaxProblem } from '#core/email/liquid-syntax';
import type { Logger } from '../logger';

/** The parts of a review e-mail that change from one customer to the next. */
export interface SandboxEmail {
  variables: TemplateVariables;
  unsubscribeUrl?: string | null;
  openPixelUrl?: string | null;
  reminder?: boolean;
}

/** One template (and the store's parts around it) and the e-mails to render with it. */
export interface SandboxJob {
  /** Whose work this is (a store id): keys take turns for the workers. */
  key: string;
  template: ReviewEmailTemplate;
  branding?: ReviewEmailBranding;
  greeting?: string | null;
  closing?: string | null;
  /** The e-mails' language: the texts they fall back on (review-email.ts). French unless given. */
  language?: CustomerLanguage;
  emails: SandboxEmail[];
}

/** Why a template did not render: Liquid refused it (with Liquid's reason), or it went beyond a limit. */
export type TemplateProblem = { kind: 'invalid'; syntax: LiquidSyntaxProblem } | { kind: TemplateLimit };

export type SandboxOutcome = { ok: true; email: RenderedEmail } | { ok: false; problem: TemplateProblem };

/** What the worker is sent: a job without its key, and an id for its answer. */
export interface SandboxRequest extends Omit<SandboxJob, 'key'> {
  id: number;
}

/** What a sandbox process answers: once `ready` after loading, then one answer per request. */
export type SandboxReply = { ready: true } | { id: number; outcomes: SandboxOutcome[] } | { id: number; error: string };

/** E-mails per call: a send batch of a store is cut into chunks of this many. */
export const CHUNK_EMAILS = 20;
/** The part of a call's deadline that does not depend on its e-mails (a message each way, a GC pause). */
export const BASE_DEADLINE_MS = 1000;
/** The sandbox processes' niceness (19 is the lowest priority): below the server's own. */
const SANDBOX_NICENESS = 10;

/**
 * What one key (a store) may have of the sandbox at once (decision 046): calls in the processes, and
 * merchant requests admitted (their renders running or waiting their turn). A merchant's editor has
 * one or two at a time; an attacker's hundredth concurrent save is refused before it costs anything.
 */
export const SANDBOX_PER_KEY = { running: 1, admitted: 4 } as const;

/**
 * A key whose call ran out of time (a template looping to its budget, or killed at its deadline)
 * waits (SANDBOX_PACE - 1) times as long as that call took before its next call goes to a process:
 * one store's runaway templates keep a process busy at most 1/SANDBOX_PACE of the time, and leave
 * the machine's cores to everyone else. Templates that render in time are never held.
 */
export const SANDBOX_PACE = 3;

/** A refusal's Retry-After lies between the shortest wait and this many times it (retryAfterSeconds). */
export const RETRY_AFTER_SPREAD = 3;

/** A key's places are all taken: try again after `retryAfterSeconds` (one call's deadline). */
export class SandboxBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('template sandbox: every place of this key is taken');
    this.name = 'SandboxBusyError';
  }
}

export interface SandboxOptions {
  /** Sandbox processes (default: one core fewer than the machine has, 1 to 2). */
  processes?: number;
  /** Each process's old-generation heap, in MB (default 128). */
  heapMb?: number;
  /** A call's wall-clock deadline for its number of e-mails (default BASE_DEADLINE_MS + RENDER_LIMITS.renderMs each). */
  deadlineMs?: (emails: number) => number;
  /** A process idle this long is ended (default 30 s); the next call starts one again. */
  idleMs?: number;
  /** What one key may have at once (default SANDBOX_PER_KEY). */
  perKey?: { running: number; admitted: number };
  log?: Logger;
}

/** One key's share of the sandbox now: requests admitted, calls in a process, calls waiting their turn, held back by its pace. */
export interface KeyUsage {
  admitted: number;
  running: number;
  waiting: number;
  held: boolean;
}

export interface SandboxStats {
  /** Calls sent to a process (one per chunk of e-mails). */
  calls: number;
  /** Processes started; killed past a deadline; ended during a render (their heap limit). */
  started: number;
  timedOut: number;
  died: number;
}

type JobState = { problem: TemplateProblem | null };

interface Call {
  key: string;
  request: Omit<SandboxRequest, 'id'>;
  job: JobState;
  resolve(outcomes: SandboxOutcome[]): void;
  reject(error: Error): void;
}

interface Slot {
  child: ChildProcess | null;
  /** Settles once the process loaded its code (startup never counts against a deadline). */
  ready: Promise<ChildProcess> | null;
  call: Call | null;
  idle: NodeJS.Timeout | null;
}

/**
 * How a sandbox process starts: the compiled server's dist/server/template-worker.js (built beside
 * main.js by scripts/build-server.mjs), or, when the sources run through tsx or vitest, the
 * TypeScript file through tsx.
 */
function processEntry(heapMb: number): { file: string; execArgv: string[] } {
  const here = import.meta.url;
  const limits = [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8'];
  if (here.endsWith('.ts')) return { file: fileURLToPath(new URL('./sandbox-worker.ts', here)), execArgv: ['--import', 'tsx', ...limits] };
  return { file: fileURLToPath(new URL('./template-worker.js', here)), execArgv: limits };
}

const failAll = (count: number, problem: TemplateProblem): SandboxOutcome[] => Array.from({ length: count }, () => ({ ok: false, problem }));

/** Keeps a process from holding the server's exit (idle) or lets it (busy: a caller awaits it). */
function hold(child: ChildProcess, held: boolean) {
  const stderr = child.stderr as (NodeJS.ReadableStream & { ref?(): void; unref?(): void }) | null;
  if (held) {
    child.ref();
    child.channel?.ref();
    stderr?.ref?.();
  } else {
    child.unref();
    child.channel?.unref();
    stderr?.unref?.();
  }
}

export class TemplateSandbox {
  private readonly slots: Slot[];
  /** Waiting calls per key. */
  private readonly queues = new Map<string, Call[]>();
  /** When each key with waiting calls was last served (a count of dispatches): the longest unserved goes first. */
  private readonly served = new Map<string, number>();
  /** Calls in a process, per key. */
  private readonly running = new Map<string, number>();
  /** Merchant requests admitted, per key. */
  private readonly admitted = new Map<string, number>();
  /** Keys held back after a call that ran out of time: until when (performance.now()). */
  private readonly heldUntil = new Map<string, number>();
  private wake: NodeJS.Timeout | null = null;
  private readonly perKey: { running: number; admitted: number };
  private dispatches = 0;
  private readonly heapMb: number;
  private readonly deadlineMs: (emails: number) => number;
  private readonly idleMs: number;
  private readonly log: Logger | undefined;
  private nextId = 1;
  private closed = false;
  readonly stats: SandboxStats = { calls: 0, started: 0, timedOut: 0, died: 0 };

  constructor(options: SandboxOptions = {}) {
    // A core is left to the server: on two cores, one sandbox process.
    const processes = options.processes ?? Math.max(1, Math.min(2, availableParallelism() - 1));
    this.slots = Array.from({ length: processes }, () => ({ child: null, ready: null, call: null, idle: null }));
    this.heapMb = options.heapMb ?? 128;
    this.deadlineMs = options.deadlineMs ?? ((emails) => BASE_DEADLINE_MS + emails * RENDER_LIMITS.renderMs);
    this.idleMs = options.idleMs ?? 30_000;
    this.perKey = options.perKey ?? SANDBOX_PER_KEY;
    this.log = options.log;
  }

  /**
   * Runs `work`, a merchant's request that renders here (its reads, then its calls to `render`), as
   * one of the key's places: at most `perKey.admitted` at once, whether their calls run or wait their
   * turn. One more is refused at once with SandboxBusyError, before `work` reads or renders anything.
   * The sender's renders are not admitted: its claims bound them (one job per store and claim), and
   * an e-mail due must not fail because its merchant is busy in the editor.
   */
  async admit<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('template sandbox closed');
    const places = this.admitted.get(key) ?? 0;
    if (places >= this.perKey.admitted) throw new SandboxBusyError(this.retryAfterSeconds());
    this.admitted.set(key, places + 1);
    try {
      return await work();
    } finally {
      const left = (this.admitted.get(key) ?? 1) - 1;
      if (left > 0) this.admitted.set(key, left);
      else this.admitted.delete(key);
    }
  }

  /** The shortest wait a refusal names: a place frees within one call's deadline (an editor's two e-mails). */
  get retryAfterMinSeconds(): number {
    return Math.ceil(this.deadlineMs(2) / 1000);
  }

  /**
   * The wait one refusal names: from the shortest to RETRY_AFTER_SPREAD times it, at random. Told the
   * same number, a crowd of refused requests (one client's hundreds of saves) comes back in the same
   * instant and the server answers them in one burst, which holds every other store's pages meanwhile;
   * spread, they come back a few at a time (decision 046).
   */
  retryAfterSeconds(random: () => number = Math.random): number {
    const min = this.retryAfterMinSeconds;
    return min + Math.floor(random() * ((RETRY_AFTER_SPREAD - 1) * min + 1));
  }

  /** The key's share of the sandbox now (tests and logs). */
  usage(key: string): KeyUsage {
    return { admitted: this.admitted.get(key) ?? 0, running: this.running.get(key) ?? 0, waiting: this.queues.get(key)?.length ?? 0, held: this.isHeld(key, performance.now()) };
  }

  /**
   * Renders every e-mail of the job, in chunks of CHUNK_EMAILS, each chunk one call; answers one
   * outcome per e-mail, in order. Rejects only when the sandbox itself fails (a process that cannot
   * start): a template's fault is an outcome.
   */
  async render(job: SandboxJob): Promise<SandboxOutcome[]> {
    if (this.closed) throw new Error('template sandbox closed');
    const { key, emails, ...shared } = job;
    const state: JobState = { problem: null };
    const chunks: Promise<SandboxOutcome[]>[] = [];
    for (let start = 0; start < emails.length; start += CHUNK_EMAILS) {
      const request = { ...shared, emails: emails.slice(start, start + CHUNK_EMAILS) };
      chunks.push(new Promise((resolve, reject) => this.enqueue({ key, request, job: state, resolve, reject })));
    }
    return (await Promise.all(chunks)).flat();
  }

  /** Ends every process; waiting calls are refused. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.wake) clearTimeout(this.wake);
    for (const queue of this.queues.values()) for (const call of queue) call.reject(new Error('template sandbox closed'));
    this.queues.clear();
    this.served.clear();
    await Promise.all(this.slots.map((slot) => this.retire(slot)));
  }

  private enqueue(call: Call) {
    const queue = this.queues.get(call.key);
    if (queue) queue.push(call);
    else this.queues.set(call.key, [call]);
    this.pump();
  }

  /**
   * The next call of the key served least recently (a key never served first, then by arrival), among
   * the keys below their running cap.
   */
  private next(): Call | undefined {
    let chosen: string | undefined;
    const now = performance.now();
    for (const key of this.queues.keys()) {
      if ((this.running.get(key) ?? 0) >= this.perKey.running) continue;
      if (this.isHeld(key, now)) continue;
      if (chosen === undefined || (this.served.get(key) ?? -1) < (this.served.get(chosen) ?? -1)) chosen = key;
    }
    if (chosen === undefined) return undefined;
    const queue = this.queues.get(chosen)!;
    const call = queue.shift()!;
    if (!queue.length) this.queues.delete(chosen);
    this.served.set(chosen, this.dispatches++);
    // Only keys still waiting are remembered (besides the one just served).
    for (const key of this.served.keys()) if (key !== chosen && !this.queues.has(key)) this.served.delete(key);
    return call;
  }

  private pump() {
    for (const slot of this.slots) {
      if (slot.call || this.closed) continue;
      let call = this.next();
      // A job one of whose chunks went beyond a limit: its other chunks answer the same at once.
      while (call?.job.problem) {
        call.resolve(failAll(call.request.emails.length, call.job.problem));
        call = this.next();
      }
      if (!call) return this.wakeForHeldKeys();
      slot.call = call;
      this.running.set(call.key, (this.running.get(call.key) ?? 0) + 1);
      void this.run(slot, call);
    }
  }

  private isHeld(key: string, now: number): boolean {
    const until = this.heldUntil.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.heldUntil.delete(key);
    return false;
  }

  /** Calls wait only for held keys: look again when the first of them may go. */
  private wakeForHeldKeys() {
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    if (this.closed) return;
    const waiting = [...this.queues.keys()].map((key) => this.heldUntil.get(key)).filter((until): until is number => until !== undefined);
    if (!waiting.length) return;
    this.wake = setTimeout(
      () => {
        this.wake = null;
        this.pump();
      },
      Math.max(0, Math.min(...waiting) - performance.now()),
    );
  }

  /** The slot's call is over (answered or failed): its key may send another. */
  private release(slot: Slot, call: Call) {
    slot.call = null;
    const left = (this.running.get(call.key) ?? 1) - 1;
    if (left > 0) this.running.set(call.key, left);
    else this.running.delete(call.key);
  }

  private async run(slot: Slot, call: Call) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    let child: ChildProcess;
    try {
      child = await this.processOf(slot);
    } catch (error) {
      this.release(slot, call);
      call.reject(error instanceof Error ? error : new Error(String(error)));
      this.pump();
      return;
    }
    const id = this.nextId++;
    const began = performance.now();
    const settle = (outcomes: SandboxOutcome[] | Error) => {
      if (slot.call !== call) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      this.release(slot, call);
      if (outcomes instanceof Error) call.reject(outcomes);
      else {
        const limit = outcomes.find((o): o is { ok: false; problem: TemplateProblem } => !o.ok && o.problem.kind !== 'invalid');
        if (limit) call.job.problem ??= limit.problem;
        if (limit?.problem.kind === 'time') {
          const now = performance.now();
          this.heldUntil.set(call.key, now + (now - began) * (SANDBOX_PACE - 1));
        }
        call.resolve(outcomes);
      }
      if (slot.child === child) {
        hold(child, false);
        slot.idle = setTimeout(() => void this.retire(slot), this.idleMs).unref();
      }
      this.pump();
    };
    const onMessage = (reply: SandboxReply) => {
      if (!('id' in reply) || reply.id !== id) return;
      settle('error' in reply ? new Error(`template sandbox: ${reply.error}`) : reply.outcomes);
    };
    // A process that ends during a call ended because of it: its heap limit (or the engine failing
    // in another way the template caused), unless the sandbox is closing.
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      this.forget(slot, child);
      if (this.closed) return settle(new Error('template sandbox closed'));
      this.stats.died++;
      this.log?.warn('template render ended its sandbox process (heap limit)', { key: call.key, code, signal });
      settle(failAll(call.request.emails.length, { kind: 'memory' }));
    };
    const timer = setTimeout(() => {
      this.stats.timedOut++;
      this.log?.warn('template render past its deadline: sandbox process killed', { key: call.key, emails: call.request.emails.length });
      this.forget(slot, child);
      child.kill('SIGKILL');
      settle(failAll(call.request.emails.length, { kind: 'time' }));
    }, this.deadlineMs(call.request.emails.length));
    child.on('message', onMessage);
    child.once('exit', onExit);
    hold(child, true);
    this.stats.calls++;
    child.send({ ...call.request, id } satisfies SandboxRequest);
  }

  /** The slot's process, started (and loaded) if it has none. */
  private processOf(slot: Slot): Promise<ChildProcess> {
    if (slot.ready) return slot.ready;
    const { file, execArgv } = processEntry(this.heapMb);
    const child = fork(file, [], {
      execArgv,
      env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
      serialization: 'advanced',
      // What it prints is V8's report when it dies: kept only to explain a failed start.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.stats.started++;
    slot.child = child;
    // Below the server's priority: a busy sandbox takes the CPU the event loop leaves, never the reverse.
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, SANDBOX_NICENESS);
      } catch {
        // Not allowed here (some containers): the sandbox still works, at the server's priority.
      }
    }
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    // Errors of a process (a send to one that just died) are followed by its 'exit', handled there.
    child.on('error', () => {});
    slot.ready = new Promise<ChildProcess>((resolve, reject) => {
      const onMessage = (reply: SandboxReply) => {
        if (!('ready' in reply)) return;
        child.off('exit', onEarlyExit);
        child.off('message', onMessage);
        resolve(child);
      };
      const onEarlyExit = (code: number | null) => {
        this.forget(slot, child);
        reject(new Error(`template sandbox process did not start (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
      };
      child.on('message', onMessage);
      child.once('exit', onEarlyExit);
    });
    return slot.ready;
  }

  /** Drops the slot's process (if it is still this one): the next call starts another. */
  private forget(slot: Slot, child: ChildProcess) {
    if (slot.child !== child) return;
    slot.child = null;
    slot.ready = null;
  }

  /** Ends the slot's process when it has no call (an idle one), or whatever it does once the sandbox is closed. */
  private async retire(slot: Slot) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const child = slot.child;
    if (!child || (slot.call && !this.closed)) return;
    this.forget(slot, child);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Held until it is gone: an idle process no longer keeps the event loop alive.
    hold(child, true);
    child.kill('SIGKILL');
    await exited;
  }
}
