// The part of jsdom's API the emulator's tests use to run the App Bridge stand-in and the admin page's
// script in windows of their own (jsdom ships no types, and @types/jsdom is not a dependency).
declare module 'jsdom' {
  export type DOMWindow = Window & typeof globalThis;
  export class VirtualConsole {
    on(event: 'jsdomError', listener: (error: Error) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export interface ConstructorOptions {
    url?: string;
    runScripts?: 'dangerously' | 'outside-only';
    virtualConsole?: VirtualConsole;
    beforeParse?(window: DOMWindow): void;
  }
  export class JSDOM {
    constructor(html?: string, options?: ConstructorOptions);
    readonly window: DOMWindow;
  }
}
