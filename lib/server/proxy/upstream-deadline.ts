// A total deadline for one upstream call. undici's own timers restart on every chunk, so a body trickled in just under
// the gap timeout could take many times the timeout; this one fires once at the end. It is the smallest abort signal
// undici accepts (an emitter with `once`/`removeListener`): an AbortController per call costs more CPU on the miss path.

export const DEADLINE_CODE = "UPSTREAM_DEADLINE";

export class DeadlineSignal {
  aborted = false;
  reason: Error | undefined;
  private listener: (() => void) | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    this.timer = setTimeout(() => this.fire(ms), ms);
    this.timer.unref();
  }

  /** undici checks that a signal has `on`; it subscribes with `once` and unsubscribes with `removeListener`. */
  on(_event: "abort", fn: () => void): this {
    return this.once(_event, fn);
  }

  once(_event: "abort", fn: () => void): this {
    this.listener = fn;
    return this;
  }

  removeListener(_event: "abort", fn: () => void): this {
    if (this.listener === fn) this.listener = undefined;
    return this;
  }

  clear(): void {
    clearTimeout(this.timer);
    this.listener = undefined;
  }

  private fire(ms: number): void {
    this.aborted = true;
    this.reason = Object.assign(new Error(`no complete answer within ${ms} ms`), { code: DEADLINE_CODE });
    const fn = this.listener;
    this.listener = undefined;
    fn?.();
  }
}
