/** An export filter that cannot be applied: a date that is none, a term that does not exist (exit code 2). */
export class ExportFilterError extends Error {}
