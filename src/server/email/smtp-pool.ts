/**
 * SMTP sending with a hand-over point just before DATA.
 *
 * nodemailer's pooled transport queues a message inside the process until a connection is free and
 * then runs the whole SMTP transaction at once, so a caller cannot tell "waiting for a connection"
 * from "the server may have the message". The sender needs that line: a crash before it must lead
 * to a retry, after it to "sent, unconfirmed" (decision 008). So we hold our own small pool of
 * nodemailer SMTPConnections and hand each one a message stream that is read only once the server
 * has accepted the envelope and answered DATA with 354: the stream's first read calls the caller's
 * `beforeData`, which records the hand-over. If it refuses (the request was withdrawn meanwhile),
 * the connection is dropped mid-DATA and the server discards the message, which was never sent.
 * A failure is told apart by what the server can have (see transact): nothing, or the whole message.
 */
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export interface SmtpServerOptions {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  tls?: { rejectUnauthorized: boolean };
}

/** A composed message (mailer.ts composes and signs it): the envelope and the exact bytes to send. */
export interface SmtpPayload {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/**
 * The server surely does not have the message: it never reached DATA, the hand-over was refused
 * (`withdrawn`), or the connection broke before the message's end. `recorded`: the caller's
 * `beforeData` had agreed (its hand-over is recorded) although nothing the server keeps was sent.
 */
export class NotTransmittedError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
    readonly withdrawn = false,
    readonly recorded = false,
  ) {
    super(message);
  }
}

/**
 * The whole message was written and the connection then broke or timed out before the server's
 * answer: the server may have taken it. Such a message is never sent again (decision 008).
 */
export class UnconfirmedTransmissionError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}

/** An error after the hand-over: the server may have the message, unless it answered a code. */
export type TransmitError = Error & { responseCode?: number; code?: string; command?: string };

const IDLE_MS = 30_000;

interface Lane {
  connection: SMTPConnection;
  lastUsed: number;
  broken: boolean;
}

export function createSmtpPool(server: SmtpServerOptions, size: number) {
  const idle: Lane[] = [];
  const waiters: ((lane: Lane | null) => void)[] = [];
  let open = 0;
  let closed = false;

  function connect(): Promise<Lane> {
    return new Promise((resolve, reject) => {
      const connection = new SMTPConnection({
        host: server.host,
        port: server.port,
        secure: server.secure,
        tls: server.tls,
        // Bounded waits: a send must finish well within the sender's lease (SEND_LEASE_SECONDS).
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      });
      const lane: Lane = { connection, lastUsed: Date.now(), broken: false };
      let settled = false;
      const fail = (error: unknown) => {
        lane.broken = true;
        if (!settled) {
          settled = true;
          connection.close();
          reject(error);
        }
      };
      connection.on('error', fail);
      connection.on('end', () => (lane.broken = true));
      connection.connect((error) => {
        if (error) return fail(error);
        if (!server.auth) {
          settled = true;
          return resolve(lane);
        }
        connection.login(server.auth, (loginError) => {
          if (loginError) return fail(loginError);
          settled = true;
          resolve(lane);
        });
      });
    });
  }

  /** A connection of our own: an idle one, a new one while under `size`, or the next one released. */
  async function acquire(): Promise<Lane> {
    if (closed) throw new Error('SMTP pool closed');
    while (idle.length) {
      const lane = idle.pop()!;
      if (!lane.broken && Date.now() - lane.lastUsed < IDLE_MS) return lane;
      discard(lane);
    }
    if (open < size) {
      open++;
      try {
        return await connect();
      } catch (error) {
        open--;
        wakeOne();
        throw error;
      }
    }
    const lane = await new Promise<Lane | null>((resolve) => waiters.push(resolve));
    return lane ?? acquire();
  }

  function discard(lane: Lane) {
    lane.broken = true;
    lane.connection.close();
  }

  function wakeOne() {
    // A waiter woken with null opens its own connection (a slot became free).
    waiters.shift()?.(null);
  }

  function release(lane: Lane, healthy: boolean) {
    lane.lastUsed = Date.now();
    if (!healthy || lane.broken || closed) {
      discard(lane);
      open--;
      wakeOne();
      return;
    }
    const waiter = waiters.shift();
    if (waiter) waiter(lane);
    else idle.push(lane);
  }

  /**
   * One SMTP transaction on a held connection; `beforeData` runs after 354, before any byte of the
   * message. When the transaction fails, what the server can have decides the error:
   * - nothing of the message was written (the envelope failed, the hand-over was refused, or the
   *   connection broke while the hand-over was being recorded: its outcome is awaited first, and a
   *   hand-over recorded on a connection already gone writes nothing): NotTransmittedError;
   * - the message was cut before its end (the final "." never left): the server discards a DATA
   *   without its end, so NotTransmittedError too;
   * - the whole message was written: the server's answer decides when there is one (a code), and
   *   without one (the connection dropped or timed out before the reply) the server may have taken
   *   it: UnconfirmedTransmissionError, never to be sent again (decision 008).
   */
  function transact(lane: Lane, envelope: { from: string; to: string[] }, raw: Buffer, beforeData: () => Promise<boolean>): Promise<void> {
    return new Promise((resolve, reject) => {
      let handOver: Promise<void> | null = null;
      let recorded = false;
      let withdrawn = false;
      let pushed = false;
      let written = false;
      let broken = false;
      let callerError: unknown = null;
      const body = new Readable({
        read() {
          if (handOver) return;
          // First read: the envelope is accepted and the server waits for the message.
          handOver = beforeData().then(
            (proceed) => {
              if (!proceed) {
                withdrawn = true;
                body.destroy(new Error('hand-over refused'));
                return;
              }
              recorded = true;
              // The connection broke while the hand-over was being recorded: nothing is written.
              if (broken) return;
              pushed = true;
              body.push(raw);
              body.push(null);
            },
            (error: unknown) => {
              // The caller's own failure: it comes back as it is (and is never retried here).
              callerError = error;
              body.destroy(error instanceof Error ? error : new Error(String(error)));
            },
          );
        },
      });
      // nodemailer pipes the body into its data stream, which adds the final "." and ends once all
      // of it went to the socket: from then on the server may have the whole message.
      const pipe = body.pipe.bind(body);
      body.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
        (destination as unknown as Readable).once('end', () => (written = true));
        return pipe(destination, options);
      };
      const fail = async (error: TransmitError) => {
        broken = true;
        lane.broken = true;
        // A hand-over still being recorded: its outcome tells whether it was recorded.
        if (handOver) await handOver;
        if (callerError) reject(callerError);
        else if (!pushed || !written) reject(new NotTransmittedError(error.message, error, withdrawn, recorded));
        else if (typeof error.responseCode === 'number') reject(error);
        else reject(new UnconfirmedTransmissionError(error.message, error));
      };
      lane.connection.send(envelope, body, (error) => {
        if (!error) return resolve();
        void fail(error as TransmitError);
      });
    });
  }

  return {
    /**
     * Sends the composed message, its bytes exactly as given (a DKIM signature stays valid);
     * `beforeData` decides, at the last moment, whether it goes. Throws NotTransmittedError when the
     * server surely does not have the message, UnconfirmedTransmissionError when it may (the whole
     * message went and the reply was lost), and nodemailer's error when the server answered a code
     * after the message.
     */
    async send({ envelope, raw }: SmtpPayload, beforeData: () => Promise<boolean> = async () => true): Promise<void> {
      // The caller is asked once per message: a hand-over it agreed to (recorded) stands for the
      // second try, which writes the message the first connection never did.
      let agreed = false;
      const handOver = async () => agreed || (agreed = await beforeData());
      // A stale idle connection fails before DATA: one more try on a fresh one.
      for (let attempt = 0; ; attempt++) {
        let lane: Lane;
        try {
          lane = await acquire();
        } catch (error) {
          throw new NotTransmittedError((error as Error).message, error);
        }
        try {
          await transact(lane, envelope, raw, handOver);
          release(lane, true);
          return;
        } catch (error) {
          release(lane, false);
          const codeless = error instanceof NotTransmittedError && !error.withdrawn && typeof (error.cause as TransmitError).responseCode !== 'number';
          if (codeless && attempt === 0) continue;
          throw error;
        }
      }
    },
    async close() {
      closed = true;
      for (const waiter of waiters.splice(0)) waiter(null);
      for (const lane of idle.splice(0)) discard(lane);
    },
  };
}
