/** The key and secret a mock exchange was started with; it checks every signed request against them. */
export interface MockCredentials {
  apiKey: string;
  secret: string;
  passphrase?: string;
}

/** A failure the next request gets instead of its answer, in the exchange's own shape. */
export type InjectedFailure = 'rateLimit' | 'unavailable';

export interface MockControls {
  failNext(kind: InjectedFailure): void;
  /** The failure queued for this request, if any; taking it clears it. */
  takeFailure(): InjectedFailure | undefined;
}

export function createControls(): MockControls {
  let queued: InjectedFailure | undefined;
  return {
    failNext(kind) {
      queued = kind;
    },
    takeFailure() {
      const kind = queued;
      queued = undefined;
      return kind;
    },
  };
}
