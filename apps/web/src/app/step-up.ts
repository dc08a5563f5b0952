/**
 * The admin area's step-up (decision 45): an admin money action refused with ADMIN_STEP_UP_REQUIRED asks
 * for a fresh authenticator code and is sent again. The admin area registers the dialog that asks; the API
 * client calls `ask` and retries the same request (same Idempotency-Key) when a code was accepted.
 */
type Asker = () => Promise<boolean>;

let asker: Asker | null = null;
let open: Promise<boolean> | null = null;

export const stepUp = {
  /** The admin area's dialog; returns the unregister function. */
  register(next: Asker): () => void {
    asker = next;
    return () => {
      if (asker === next) asker = null;
    };
  },
  available: (): boolean => asker !== null,
  /** True once a code was accepted; false when cancelled. Calls refused together share one dialog. */
  ask(): Promise<boolean> {
    if (!asker) return Promise.resolve(false);
    open ??= asker().finally(() => {
      open = null;
    });
    return open;
  },
};

export const STEP_UP_CODE = 'ADMIN_STEP_UP_REQUIRED';
