/**
 * A staff session's second factor (decision 45): set up, passed by this session, and its last step-up.
 * Its own file: the session cache needs the type without the access plugin's Fastify types.
 */
export interface StaffFactorState {
  enrolled: boolean;
  verified: boolean;
  stepUpAt: Date | null;
}
