// Bounds of the team broker, in one place (the tools' schemas and the broker both use them).

/** Longest message one session may send another. */
export const MAX_MESSAGE_CHARS = 8000;
/** Messages waiting for one session; more means it is not keeping up (or a loop). */
export const MAX_WAITING = 50;
/** Messages carried by one delivered turn. */
export const MAX_PER_TURN = 10;
