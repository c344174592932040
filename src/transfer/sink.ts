// The stream an export is written to: writes wait while it is full (back-pressure) and reject,
// instead of waiting forever, once it has failed or closed (an HTTP client went away, `| head`).
export class Sink {
  private failure: Error | null = null;
  private closed = false;
  private wake: (() => void) | null = null;
  private readonly onError = (error: Error): void => {
    this.failure ??= error;
    this.wake?.();
  };
  private readonly onClose = (): void => {
    this.closed = true;
    this.wake?.();
  };
  private readonly onDrain = (): void => this.wake?.();

  /** `what` names the document in the error of a closed output ("the calendar"). */
  constructor(private readonly out: NodeJS.WritableStream, private readonly what: string) {
    out.on('error', this.onError);
    out.on('close', this.onClose);
    out.on('drain', this.onDrain);
  }

  async write(chunk: string): Promise<void> {
    this.check();
    if (this.out.write(chunk)) return;
    await new Promise<void>((resolve) => { this.wake = resolve; });
    this.wake = null;
    this.check();
  }

  private check(): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw new Error(`the output was closed before ${this.what} was complete`);
  }

  /** Stops listening to the stream (the caller ends it). */
  release(): void {
    this.out.off('error', this.onError);
    this.out.off('close', this.onClose);
    this.out.off('drain', this.onDrain);
  }
}

/** A sink over `out` for the duration of `work`. */
export async function withSink<T>(out: NodeJS.WritableStream, what: string, work: (sink: Sink) => Promise<T>): Promise<T> {
  const sink = new Sink(out, what);
  try {
    return await work(sink);
  } finally {
    sink.release();
  }
}
