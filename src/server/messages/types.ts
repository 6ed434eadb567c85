/** A message is a sentence, or a sentence built from the error's values (a limit, a count). */
export type Message = string | ((values: Record<string, string | number>) => string);

/** One French message per code of an area's error map: a code without a message does not compile. */
export type MessagesOf<Errors extends Record<string, number>> = { readonly [K in keyof Errors]: Message };
