/** Seconds-old "now" starts from the web app are still "now"; older starts are refused. */
export const pastStartToleranceMs = 5 * 60 * 1000;
/** A scheduled start must be at least this far ahead (docs/contract.md §9); nearer counts as now. */
export const minimumScheduleLeadMs = 60 * 1000;
