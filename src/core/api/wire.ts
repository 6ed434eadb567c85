/** Shapes of values as they travel in JSON. */
import { z } from 'zod';

/** A date-time as JSON carries it (the server's `Date` serialised by `JSON.stringify`). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A database id. */
export const uuid = z.uuid({ message: 'Identifiant invalide' });

/** `{ ok: true }`: done, nothing else to say. */
export const ok = z.object({ ok: z.literal(true) });
