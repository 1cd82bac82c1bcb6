/** A history the lab cannot draw (too many nodes, too long): bad input, not a crash. */
export class HistoryError extends Error {}
